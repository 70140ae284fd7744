/* A dungeon from C. Driven by tests/c.rs (compiled with the system's cc against the built
 * library, run under valgrind when there is one), which holds what it prints to what
 * `delve dungeon NAME --seed SEED --format json` writes.
 *
 *   dungeon NAME SEED   makes the dungeon with delve_dungeon_generate and prints, per floor,
 *                       "floor BRANCH DEPTH\n" then "json N\n" and the N bytes of the floor's
 *                       JSON export; then per staircase "link FROM TO X Y INTO_BRANCH\n" (floors
 *                       by index). Checks NULL and out-of-range arguments, that the number seed
 *                       makes the same dungeon as its text, and a bad dungeon's message.
 *                       Failures go to stderr; the exit status counts them.
 */
#include "delve.h"
#include "check.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void nulls(const DelveDungeon *d) {
    char *error = NULL;
    CHECK(delve_dungeon_generate(NULL, NULL, &error) == NULL && error && strstr(error, "dungeon: NULL"), "NULL name");
    delve_string_free(error);
    CHECK(delve_dungeon_generate("no-such-dungeon.ron", NULL, &error) == NULL && error && strstr(error, "no-such-dungeon"),
          "missing file: %s", error ? error : "(NULL)");
    delve_string_free(error);
    CHECK(delve_dungeon_floor_count(NULL) == 0 && delve_dungeon_link_count(NULL) == 0, "NULL counts");
    CHECK(delve_dungeon_floor(NULL, 0) == NULL && delve_dungeon_floor_branch(NULL, 0) == NULL, "NULL floor");
    CHECK(delve_dungeon_floor_depth(NULL, 0) == 0, "NULL depth");
    uint32_t n = delve_dungeon_floor_count(d);
    CHECK(delve_dungeon_floor(d, n) == NULL && delve_dungeon_floor_branch(d, n) == NULL, "floor out of range");
    DelveLink link = {.size = sizeof(DelveLink)};
    CHECK(!delve_dungeon_link(d, delve_dungeon_link_count(d), &link), "link out of range");
    CHECK(!delve_dungeon_link(d, 0, NULL), "NULL link");
    DelveLink small = {.size = 4};
    CHECK(!delve_dungeon_link(d, 0, &small), "a size short of the first version");
    delve_dungeon_free(NULL);
}

int main(int argc, char **argv) {
    if (argc != 4 || strcmp(argv[1], "dungeon") != 0) {
        fprintf(stderr, "usage: %s dungeon NAME SEED\n", argv[0]);
        return 2;
    }
    char *error = (char *)1; /* must be set to NULL on success */
    DelveDungeon *d = delve_dungeon_generate(argv[2], argv[3], &error);
    CHECK(d != NULL && error == NULL, "%s %s: %s", argv[2], argv[3], d ? "error not cleared" : error);
    if (d == NULL) return 1;
    /* The seed as a number makes the same dungeon. */
    DelveDungeon *again = delve_dungeon_generate_seed(argv[2], strtoull(argv[3], NULL, 10), NULL);
    CHECK(again && delve_dungeon_floor_count(again) == delve_dungeon_floor_count(d), "the number seed");
    uint32_t floors = delve_dungeon_floor_count(d);
    for (uint32_t i = 0; i < floors; i++) {
        const DelveMap *m = delve_dungeon_floor(d, i);
        char *json = delve_map_to_json(m);
        char *other = again ? delve_map_to_json(delve_dungeon_floor(again, i)) : NULL;
        CHECK(json && other && strcmp(json, other) == 0, "floor %u differs with the number seed", i);
        printf("floor %s %u\n", delve_dungeon_floor_branch(d, i), delve_dungeon_floor_depth(d, i));
        printf("json %zu\n", json ? strlen(json) : 0);
        if (json) fwrite(json, 1, strlen(json), stdout);
        delve_string_free(json);
        delve_string_free(other);
    }
    for (uint32_t i = 0; i < delve_dungeon_link_count(d); i++) {
        DelveLink l = {.size = sizeof(DelveLink)};
        CHECK(delve_dungeon_link(d, i, &l), "link %u", i);
        CHECK(l.from_floor < floors && l.to_floor < floors, "link %u: floors %u, %u of %u", i, l.from_floor, l.to_floor, floors);
        printf("link %u %u %d %d %d\n", l.from_floor, l.to_floor, l.x, l.y, l.into_branch ? 1 : 0);
    }
    nulls(d);
    delve_dungeon_free(again);
    delve_dungeon_free(d);
    return failures != 0;
}
