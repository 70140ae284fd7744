/* libdelve from C, as a game would call it. Driven by tests/c.rs (which compiles it with the
 * system's cc, links it to the built library and runs it, under valgrind when there is one).
 *
 *   check DIR   generates maps and checks tiles against the ASCII form; checks that every bad
 *               input gives NULL and a clear message (DIR holds bad-value.ron, conflict.ron,
 *               too-big.ron, made by the test); frees everything. Prints "ok: ..." lines.
 *   rows        for each line "PRESET<TAB>SEED<TAB>KEEP" on stdin (SEED empty: the preset's
 *               seed; KEEP empty: no locks), prints "ascii N\n" and the N bytes of the ASCII
 *               form, then "json N\n" and the JSON; or "error N\n" and the message.
 */
#include "delve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond, ...)                              \
    do {                                              \
        if (!(cond)) {                                \
            fprintf(stderr, "FAILED %s:%d: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);             \
            fputc('\n', stderr);                      \
            failures++;                               \
        }                                             \
    } while (0)

/* The ASCII character of each tile id. */
static const char TILE_CHARS[4] = {'#', '.', ',', '+'};

/* Generates PRESET at SEED and checks the map against its own ASCII form. */
static void check_map(const char *preset, const char *seed) {
    char *error = (char *)1; /* must be set to NULL on success */
    DelveMap *m = delve_generate(preset, seed, &error);
    CHECK(m != NULL, "%s %s: %s", preset, seed ? seed : "(preset's)", error ? error : "");
    CHECK(error == NULL, "error not cleared on success");
    if (m == NULL) {
        delve_string_free(error);
        return;
    }
    uint32_t w = delve_map_width(m), h = delve_map_height(m);
    const uint8_t *tiles = delve_map_tiles(m);
    char *ascii = delve_map_to_ascii(m);
    char *json = delve_map_to_json(m);
    uint32_t sx = 0, sy = 0;
    delve_map_spawn(m, &sx, &sy);
    CHECK(w > 0 && h > 0 && tiles && ascii && json, "%s: empty map", preset);
    CHECK(strlen(ascii) == (size_t)(w + 1) * h, "%s: ASCII is %zu bytes, not (w+1)*h", preset, strlen(ascii));
    CHECK(sx < w && sy < h, "%s: spawn %u,%u off the %ux%u map", preset, sx, sy, w, h);
    /* Markers: each on the map, on room floor, its kind named; the ASCII shows its glyph there. */
    uint32_t markers = delve_map_marker_count(m), keys = 0;
    for (uint32_t i = 0; i < markers; i++) {
        DelveMarker mk;
        CHECK(delve_map_marker(m, i, &mk), "%s: marker %u", preset, i);
        CHECK(mk.kind && mk.kind[0] && mk.x >= 0 && mk.y >= 0 && (uint32_t)mk.x < w && (uint32_t)mk.y < h,
              "%s: marker %u", preset, i);
        CHECK(tiles[(size_t)mk.y * w + mk.x] == 1 && mk.room >= 0, "%s: marker %u off room floor", preset, i);
        keys += mk.key > 0;
    }
    DelveMarker none;
    CHECK(!delve_map_marker(m, markers, &none), "%s: marker past the end", preset);
    for (uint32_t y = 0; y < h && strlen(ascii) == (size_t)(w + 1) * h; y++) {
        CHECK(ascii[(size_t)y * (w + 1) + w] == '\n', "%s: row %u does not end the line", preset, y);
        for (uint32_t x = 0; x < w; x++) {
            uint8_t id = tiles[(size_t)y * w + x];
            char c = ascii[(size_t)y * (w + 1) + x];
            int marked = 0;
            for (uint32_t i = 0; i < markers && !marked; i++) {
                DelveMarker mk;
                marked = delve_map_marker(m, i, &mk) && (uint32_t)mk.x == x && (uint32_t)mk.y == y;
            }
            CHECK(id <= 3, "%s: tile id %u at %u,%u", preset, id, x, y);
            if (x == sx && y == sy) {
                CHECK(c == '@' && id != 0, "%s: spawn %u,%u is '%c' (id %u)", preset, x, y, c, id);
            } else if (marked) {
                CHECK(c != TILE_CHARS[1], "%s: marker %u,%u is drawn as floor", preset, x, y);
            } else if (id == 3) {
                /* A door tile: '+', or a locked door's key number. */
                CHECK(c == '+' || (c >= '1' && c <= '8'), "%s: %u,%u is a door but '%c'", preset, x, y, c);
            } else if (id <= 3) {
                CHECK(c == TILE_CHARS[id], "%s: %u,%u is id %u but '%c'", preset, x, y, id, c);
            }
        }
    }
    uint32_t rooms = delve_map_room_count(m);
    CHECK(rooms > 0, "%s: no rooms", preset);
    for (uint32_t i = 0; i < rooms; i++) {
        DelveRoom r;
        CHECK(delve_map_room(m, i, &r), "%s: room %u", preset, i);
        CHECK(r.x >= 0 && r.y >= 0 && r.x + r.width <= w && r.y + r.height <= h, "%s: room %u off the map", preset, i);
        CHECK(r.area > 0 && r.area <= r.width * r.height, "%s: room %u area %u", preset, i, r.area);
        CHECK(tiles[(size_t)(r.y + r.height / 2) * w + r.x + r.width / 2] != 0 || r.area < r.width * r.height,
              "%s: the middle of rectangular room %u is wall", preset, i);
    }
    DelveRoom r;
    CHECK(!delve_map_room(m, rooms, &r), "%s: room past the end", preset);
    CHECK(strncmp(json, "{", 1) == 0 && strstr(json, "\"rooms\"") && strstr(json, "\"spawn\""), "%s: JSON", preset);
    printf("ok: %s seed %s: %ux%u, %u rooms, %u markers (%u keys), spawn %u,%u\n", preset, seed ? seed : "(preset's)",
           w, h, rooms, markers, keys, sx, sy);
    delve_string_free(ascii);
    delve_string_free(json);
    delve_map_free(m);
}

/* Expects NULL and a message containing each of the NULL-terminated `wanted`. */
static void check_error(const char *what, DelveMap *m, char *error, const char *const *wanted) {
    CHECK(m == NULL, "%s: a map instead of an error", what);
    CHECK(error != NULL, "%s: no message", what);
    for (; error && *wanted; wanted++) {
        CHECK(strstr(error, *wanted) != NULL, "%s: \"%s\" not in \"%s\"", what, *wanted, error);
    }
    printf("ok: %s: %s\n", what, error ? error : "(none)");
    delve_map_free(m);
    delve_string_free(error);
}

#define EXPECT_ERROR(what, call, ...)                          \
    do {                                                       \
        char *error = NULL;                                    \
        DelveMap *m = call;                                    \
        const char *const wanted[] = {__VA_ARGS__, NULL};      \
        check_error(what, m, error, wanted);                   \
    } while (0)

static int check(const char *dir) {
    check_map("godot-part3", "42");
    check_map("mcrogueface-part3", "1");
    check_map("tiendil-step6", "a seed typed as text");
    check_map("grown-shapes", "3");
    check_map("grown-treasure", NULL);
    check_map("grown-quest", "7");

    char path[4096], locks[4096], big[4096];
    snprintf(path, sizeof path, "%s/bad-value.ron", dir);
    snprintf(locks, sizeof locks, "%s/conflict.ron", dir);
    snprintf(big, sizeof big, "%s/too-big.ron", dir);
    const char not_utf8[] = {'g', (char)0xff, 'x', 0};
    EXPECT_ERROR("unknown preset", delve_generate("no-such-preset", "1", &error), "no-such-preset",
                 "no shipped preset of that name", "godot-part3");
    EXPECT_ERROR("a preset file with a bad value", delve_generate(path, "1", &error), "bad-value.ron:10:17:",
                 "width: -3 is out of range (allowed 8 to 4096 tiles)");
    EXPECT_ERROR("RON text that is not a preset", delve_generate("(width: 80)", "1", &error), "<preset text>:1:");
    EXPECT_ERROR("NULL preset", delve_generate(NULL, "1", &error), "preset: NULL");
    EXPECT_ERROR("non-UTF-8 preset", delve_generate(not_utf8, "1", &error), "preset: not UTF-8 text");
    EXPECT_ERROR("non-UTF-8 seed", delve_generate("godot-part3", not_utf8, &error), "seed: not UTF-8 text");
    EXPECT_ERROR("locks that cannot be kept", delve_generate_keeping("godot-part3", "1", locks, &error),
                 "conflict.ron: the locked tile at", "room 5, which is not locked");
    EXPECT_ERROR("a map over the editor's limits", delve_generate_keeping("godot-part3", "1", big, &error),
                 "too-big.ron:4:13: the map is 5000", "at most 16777216 tiles");
    EXPECT_ERROR("NULL locks path", delve_generate_keeping("godot-part3", "1", NULL, &error), "locks_map_path: NULL");
    EXPECT_ERROR("non-UTF-8 locks path", delve_generate_keeping("godot-part3", "1", not_utf8, &error),
                 "locks_map_path: not UTF-8 text");
    /* No place for the message: still NULL, nothing leaks. */
    CHECK(delve_generate("no-such-preset", NULL, NULL) == NULL, "NULL error pointer");

    /* A NULL map: 0 and NULL, no crash. */
    uint32_t x = 9, y = 9;
    DelveRoom r;
    delve_map_spawn(NULL, &x, &y);
    CHECK(x == 0 && y == 0, "spawn of NULL");
    CHECK(delve_map_width(NULL) == 0 && delve_map_height(NULL) == 0 && delve_map_room_count(NULL) == 0, "NULL size");
    CHECK(delve_map_tiles(NULL) == NULL && delve_map_to_ascii(NULL) == NULL && delve_map_to_json(NULL) == NULL,
          "NULL map data");
    CHECK(!delve_map_room(NULL, 0, &r), "room of NULL");
    DelveMarker mk;
    CHECK(delve_map_marker_count(NULL) == 0 && !delve_map_marker(NULL, 0, &mk), "markers of NULL");
    delve_map_free(NULL);
    delve_string_free(NULL);
    printf("ok: NULL maps\n");
    return failures == 0 ? 0 : 1;
}

/* Writes a framed block: "LABEL N\n" and N bytes. */
static void frame(const char *label, const char *text) {
    printf("%s %zu\n", label, strlen(text));
    fwrite(text, 1, strlen(text), stdout);
}

static int rows(void) {
    static char line[1 << 16];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        char *preset = line, *seed = strchr(preset, '\t'), *keep = NULL;
        if (seed) {
            *seed++ = 0;
            keep = strchr(seed, '\t');
            if (keep) *keep++ = 0;
        }
        char *error = NULL;
        const char *s = seed && *seed ? seed : NULL;
        DelveMap *m = keep && *keep ? delve_generate_keeping(preset, s, keep, &error) : delve_generate(preset, s, &error);
        if (m == NULL) {
            frame("error", error ? error : "");
            delve_string_free(error);
            continue;
        }
        char *ascii = delve_map_to_ascii(m), *json = delve_map_to_json(m);
        frame("ascii", ascii ? ascii : "");
        frame("json", json ? json : "");
        delve_string_free(ascii);
        delve_string_free(json);
        delve_map_free(m);
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "check") == 0) return check(argv[2]);
    if (argc == 2 && strcmp(argv[1], "rows") == 0) return rows();
    fprintf(stderr, "usage: %s check DIR | rows < ROWS.tsv\n", argv[0]);
    return 2;
}
