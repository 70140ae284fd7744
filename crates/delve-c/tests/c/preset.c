/* A preset held from C: loaded, parameters set by key, saved and generated from. Driven by
 * tests/c.rs (compiled with the system's cc against the built library, run under valgrind when
 * there is one), which holds what it prints to what the CLI makes of the saved file.
 *
 *   preset DIR SEED   loads grown-quest, sets markers.keys.pairs to 1 and a few more by key
 *                     (checking each with delve_preset_get), writes the preset's text to
 *                     DIR/set.ron and prints "ascii N\n" and the N bytes of the ASCII form of
 *                     its map at SEED, then "json N\n" and the JSON; then tries a misspelt key
 *                     and values out of range, checking the preset is unchanged, and prints
 *                     "error N\n" and each message (the misspelt key's, then
 *                     markers.keys.pairs = 99's). Checks NULL everywhere. Failures go to stderr.
 */
#include "delve.h"
#include "check.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* Writes a framed block: "LABEL N\n" and N bytes. */
static void frame(const char *label, const char *text) {
    printf("%s %zu\n", label, strlen(text));
    fwrite(text, 1, strlen(text), stdout);
}

/* Sets `key` to `value`, expecting it taken, and reads it back as `want`. */
static void set_ok(DelvePreset *p, const char *key, const char *value, const char *want) {
    char *error = (char *)1; /* must be set to NULL on success */
    CHECK(delve_preset_set(p, key, value, &error), "%s = %s refused: %s", key, value, error ? error : "");
    CHECK(error == NULL, "%s = %s: error not cleared", key, value);
    char *got = delve_preset_get(p, key, NULL);
    CHECK(got && strcmp(got, want) == 0, "%s reads %s, not %s", key, got ? got : "(NULL)", want);
    delve_string_free(got);
}

/* Sets `key` to `value`, expecting it refused with a message holding `wanted` (and the key);
 * prints the message framed when `print`. */
static void set_refused(DelvePreset *p, const char *key, const char *value, const char *wanted, int print) {
    char *error = NULL;
    CHECK(!delve_preset_set(p, key, value, &error), "%s = %s taken", key, value);
    CHECK(error && strstr(error, key) && strstr(error, wanted), "%s = %s: \"%s\" not in \"%s\"", key, value, wanted,
          error ? error : "(NULL)");
    if (print) frame("error", error ? error : "");
    delve_string_free(error);
}

static int write_file(const char *path, const char *text) {
    FILE *f = fopen(path, "wb");
    if (f == NULL) return 0;
    int ok = fwrite(text, 1, strlen(text), f) == strlen(text);
    return fclose(f) == 0 && ok;
}

static void nulls(DelvePreset *p) {
    char *error = NULL;
    CHECK(delve_preset_load(NULL, &error) == NULL && error && strstr(error, "preset: NULL"), "load NULL");
    delve_string_free(error);
    CHECK(delve_preset_load("no-such-preset", &error) == NULL && error && strstr(error, "no shipped preset"),
          "load of no such preset");
    delve_string_free(error);
    CHECK(!delve_preset_set(NULL, "width", "80", &error) && error && strstr(error, "preset: NULL"), "set on NULL");
    delve_string_free(error);
    CHECK(!delve_preset_set(p, NULL, "80", &error) && error && strstr(error, "key: NULL"), "set NULL key");
    delve_string_free(error);
    CHECK(!delve_preset_set(p, "rooms", NULL, &error) && error && strstr(error, "rooms: the value is NULL"),
          "set NULL value");
    delve_string_free(error);
    CHECK(!delve_preset_set(p, "rooms", "-3", NULL), "refused without a place for the message");
    CHECK(delve_preset_get(NULL, "rooms", &error) == NULL && error && strstr(error, "preset: NULL"), "get on NULL");
    delve_string_free(error);
    CHECK(delve_preset_get(p, NULL, &error) == NULL && error && strstr(error, "key: NULL"), "get NULL key");
    delve_string_free(error);
    CHECK(delve_preset_get(p, "no.such.key", &error) == NULL && error && strstr(error, "no such parameter"),
          "get of no such key");
    delve_string_free(error);
    CHECK(delve_preset_generate(NULL, 1, &error) == NULL && error && strstr(error, "preset: NULL"), "generate NULL");
    delve_string_free(error);
    CHECK(delve_preset_to_ron(NULL) == NULL, "to_ron of NULL");
    delve_preset_free(NULL);
}

static int run(const char *dir, const char *seed_text) {
    uint64_t seed = strtoull(seed_text, NULL, 10);
    char *error = (char *)1;
    DelvePreset *p = delve_preset_load("grown-quest", &error);
    CHECK(p != NULL && error == NULL, "load grown-quest: %s", p ? "" : error);
    if (p == NULL) {
        delve_string_free(error);
        return 1;
    }
    char *pairs = delve_preset_get(p, "markers.keys.pairs", NULL);
    CHECK(pairs && strcmp(pairs, "2") == 0, "grown-quest has %s key pairs, not 2", pairs ? pairs : "(NULL)");
    delve_string_free(pairs);
    set_ok(p, "markers.keys.pairs", "1", "1");
    set_ok(p, "rooms", "30", "30");
    set_ok(p, "closet_cells", "{\"min\": 4, \"max\": 7}", "{\"max\":7,\"min\":4}");
    set_ok(p, "markers.kinds.0.density", "2.5", "2.5");
    set_ok(p, "roles.guard", "true", "true");

    char *ron = delve_preset_to_ron(p);
    CHECK(ron && strstr(ron, "pairs: 1") && strstr(ron, "rooms: 30,"), "the saved text:\n%s", ron ? ron : "(NULL)");
    char path[4096];
    snprintf(path, sizeof path, "%s/set.ron", dir);
    CHECK(ron && write_file(path, ron), "cannot write %s", path);

    /* The map of the preset as set; the same as delve_generate makes of the saved file. */
    DelveMap *m = delve_preset_generate(p, seed, &error);
    CHECK(m != NULL && error == NULL, "generate: %s", m ? "" : error);
    DelveMap *from_file = delve_generate_seed(path, seed, NULL);
    char *ascii = delve_map_to_ascii(m), *json = delve_map_to_json(m), *again = delve_map_to_ascii(from_file);
    CHECK(ascii && again && strcmp(ascii, again) == 0, "the saved file makes another map");
    CHECK(delve_map_seed(m) == seed, "seed %" PRIu64 ", not %" PRIu64, delve_map_seed(m), seed);
    frame("ascii", ascii ? ascii : "");
    frame("json", json ? json : "");

    /* Refused: a misspelt key, values out of range, of the wrong kind or not JSON; the preset
     * unchanged by any. */
    set_refused(p, "markers.keys.pears", "1", "no such parameter", 1);
    set_refused(p, "markers.keys.pairs", "99", "must be 0 to 8", 1);
    set_refused(p, "rooms", "-3", "(allowed ", 0);
    set_refused(p, "closet_cells", "{\"min\": 7, \"max\": 4}", "larger than", 0);
    set_refused(p, "closet_cells", "(min: 4, max: 7)", "write it as JSON", 0);
    set_refused(p, "share_doors", "2", "expected a boolean", 0);
    char *after = delve_preset_to_ron(p);
    CHECK(ron && after && strcmp(ron, after) == 0, "a refused value changed the preset");

    nulls(p);
    delve_string_free(ron);
    delve_string_free(after);
    delve_string_free(ascii);
    delve_string_free(json);
    delve_string_free(again);
    delve_map_free(m);
    delve_map_free(from_file);
    delve_preset_free(p);
    return failures == 0 ? 0 : 1;
}

int main(int argc, char **argv) {
    if (argc == 4 && strcmp(argv[1], "preset") == 0) return run(argv[2], argv[3]);
    fprintf(stderr, "usage: %s preset DIR SEED\n", argv[0]);
    return 2;
}
