/* libdelve from C, as a game would call it. Driven by tests/c.rs (which compiles it with the
 * system's cc, links it to the built library and runs it, under valgrind when there is one).
 *
 *   check DIR   generates maps and checks tiles and tile kinds against the ASCII form and
 *               grown-quest's tile kinds against its preset; checks the walkable and
 *               transparent masks against the tiles, tile kinds and doors, and the walk's
 *               certificate (grown-quest solvable on many seeds); checks that every bad
 *               input gives NULL and a clear message (DIR holds bad-value.ron, conflict.ron,
 *               too-big.ron, made by the test; /dev/zero is refused at once); frees everything.
 *               Prints "ok: ..." lines.
 *   rows        for each line "PRESET<TAB>SEED<TAB>KEEP" on stdin (SEED empty: the preset's
 *               seed; KEEP empty: no locks), prints "ascii N\n" and the N bytes of the ASCII
 *               form, then "json N\n" and the JSON; or "error N\n" and the message.
 */
#include "delve.h"
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* The ASCII character of each tile id. */
static const char TILE_CHARS[4] = {'#', '.', ',', '+'};

/* A tile kind a preset declares. */
typedef struct {
    const char *name;
    char glyph;
    bool walkable;
} Kind;

/* The tile kinds of presets/grown-quest.ron, in its order. */
static const Kind QUEST_KINDS[] = {{"water", '~', true}, {"chasm", ':', false}, {"trap", '^', true}};

/* Checks the walkable masks (without and with every key) and the transparent mask of `m`
 * against what its tiles, tile kinds and doors say, computed here: walkable is floor (id 1 to 3)
 * of no kind or a walkable kind, but not a locked door's outside tile unless all keys are held;
 * transparent is floor of any kind, but not the outside tile of a door that is not an arch.
 * Returns the number of tiles the keys open. */
static size_t check_masks(DelveMap *m, const char *what) {
    uint32_t w = delve_map_width(m), h = delve_map_height(m), n_kinds = delve_map_tile_kind_count(m);
    size_t n = (size_t)w * h, opened = 0;
    const uint8_t *tiles = delve_map_tiles(m), *terrain = delve_map_terrain(m);
    const uint8_t *walk = delve_map_walkable(m, false), *keys = delve_map_walkable(m, true);
    const uint8_t *see = delve_map_transparent(m);
    CHECK(tiles && terrain && walk && keys && see, "%s: NULL array", what);
    CHECK(walk == delve_map_walkable(m, false) && keys == delve_map_walkable(m, true) && see == delve_map_transparent(m),
          "%s: a mask is made anew", what);
    uint8_t *want_walk = malloc(n), *want_keys = malloc(n), *want_see = malloc(n);
    CHECK(want_walk && want_keys && want_see, "%s: out of memory", what);
    if (tiles && terrain && walk && keys && see && want_walk && want_keys && want_see) {
        for (size_t i = 0; i < n; i++) {
            bool floor = tiles[i] != 0, walkable_kind = true;
            CHECK(terrain[i] <= n_kinds, "%s: tile kind number %u of %u kinds", what, terrain[i], n_kinds);
            if (terrain[i] > 0) {
                DelveTileKind k = {.size = sizeof k};
                CHECK(delve_map_tile_kind(m, terrain[i] - 1u, &k), "%s: tile kind %u", what, terrain[i]);
                walkable_kind = k.walkable;
            }
            want_walk[i] = want_keys[i] = floor && walkable_kind;
            want_see[i] = floor;
        }
        for (uint32_t i = 0; i < delve_map_door_count(m); i++) {
            DelveDoor d = {.size = sizeof d};
            CHECK(delve_map_door(m, i, &d), "%s: door %u", what, i);
            if (d.outside_x < 0 || d.outside_y < 0 || (uint32_t)d.outside_x >= w || (uint32_t)d.outside_y >= h) continue;
            size_t at = (size_t)d.outside_y * w + (size_t)d.outside_x;
            if (d.opening == DELVE_OPENING_LOCKED) want_walk[at] = 0;
            if (d.opening != DELVE_OPENING_ARCH) want_see[at] = 0;
        }
        for (size_t i = 0; i < n; i++) {
            CHECK(walk[i] == want_walk[i], "%s: walkable at %zu,%zu is %u", what, i % w, i / w, walk[i]);
            CHECK(keys[i] == want_keys[i], "%s: walkable with keys at %zu,%zu is %u", what, i % w, i / w, keys[i]);
            CHECK(see[i] == want_see[i], "%s: transparent at %zu,%zu is %u", what, i % w, i / w, see[i]);
            opened += keys[i] && !walk[i];
        }
    }
    free(want_walk);
    free(want_keys);
    free(want_see);
    return opened;
}

/* grown-quest at `seed`: its masks are the map's, and the walk finds it solvable. */
static void check_quest(const char *seed) {
    char what[64];
    snprintf(what, sizeof what, "grown-quest %s", seed);
    char *error = NULL;
    DelveMap *m = delve_generate("grown-quest", seed, &error);
    CHECK(m != NULL, "%s: %s", what, error ? error : "");
    if (m == NULL) {
        delve_string_free(error);
        return;
    }
    size_t opened = check_masks(m, what);
    uint32_t keys = 0;
    for (uint32_t i = 0; i < delve_map_marker_count(m); i++) {
        DelveMarker mk = {.size = sizeof mk};
        keys += delve_map_marker(m, i, &mk) && mk.key > 0;
    }
    DelveCertificate c = {.size = sizeof c, .exit_room = -2};
    CHECK(delve_map_certify(m, &c), "%s: no certificate", what);
    char *summary = delve_map_certify_summary(m);
    CHECK(summary != NULL, "%s: no summary", what);
    CHECK(c.solvable && c.has_solution && c.solution_length > 0 && c.spawn_walkable, "%s: %s", what,
          summary ? summary : "");
    CHECK(c.keys_missed == 0 && c.unreached == 0 && c.keys_found == keys && keys > 0 && c.locks >= keys,
          "%s: keys %u of %u (%u locks), %u unreached", what, c.keys_found, keys, c.locks, c.unreached);
    CHECK(c.free_locks <= c.locks, "%s: %u free locks of %u", what, c.free_locks, c.locks);
    CHECK(c.exit_room >= 0 && c.exit_room < (int64_t)delve_map_room_count(m), "%s: exit room %lld", what,
          (long long)c.exit_room);
    CHECK(opened > 0 && opened <= c.locks, "%s: the keys open %zu tiles for %u locks", what, opened, c.locks);
    CHECK(summary && strncmp(summary, "solvable in ", 12) == 0, "%s: summary \"%s\"", what, summary ? summary : "");
    printf("ok: %s: %s\n", what, summary ? summary : "");
    delve_string_free(summary);
    delve_map_free(m);
}

/* Generates PRESET at SEED and checks the map against its own ASCII form, and its tile kinds
 * against the `n_kinds` of `kinds` (NULL: any kinds, each checked against the ASCII alone). Returns
 * the number of tiles of a kind. */
static size_t check_map_kinds(const char *preset, const char *seed, const Kind *kinds, uint32_t n_kinds) {
    char *error = (char *)1; /* must be set to NULL on success */
    DelveMap *m = delve_generate(preset, seed, &error);
    CHECK(m != NULL, "%s %s: %s", preset, seed ? seed : "(preset's)", error ? error : "");
    CHECK(error == NULL, "error not cleared on success");
    if (m == NULL) {
        delve_string_free(error);
        return 0;
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
        DelveMarker mk = {.size = sizeof mk};
        CHECK(delve_map_marker(m, i, &mk), "%s: marker %u", preset, i);
        CHECK(mk.kind && mk.kind[0] && mk.x >= 0 && mk.y >= 0 && (uint32_t)mk.x < w && (uint32_t)mk.y < h,
              "%s: marker %u", preset, i);
        CHECK(tiles[(size_t)mk.y * w + mk.x] == 1 && mk.room >= 0, "%s: marker %u off room floor", preset, i);
        keys += mk.key > 0;
    }
    DelveMarker none = {.size = sizeof none};
    CHECK(!delve_map_marker(m, markers, &none), "%s: marker past the end", preset);
    /* Tile kinds: each named, with a glyph and the CSV/JSON id 4 + its index; as the preset
     * declares them when given; none past the end. */
    uint32_t n = delve_map_tile_kind_count(m);
    DelveTileKind *tk = calloc(n ? n : 1, sizeof *tk);
    CHECK(tk != NULL, "%s: out of memory", preset);
    if (tk == NULL) n = 0;
    for (uint32_t i = 0; i < n; i++) tk[i].size = sizeof tk[i];
    CHECK(kinds == NULL || n == n_kinds, "%s: %u tile kinds, expected %u", preset, n, n_kinds);
    for (uint32_t i = 0; i < n; i++) {
        CHECK(delve_map_tile_kind(m, i, &tk[i]), "%s: tile kind %u", preset, i);
        CHECK(tk[i].name && tk[i].name[0] && tk[i].glyph > ' ' && tk[i].id == 4 + i, "%s: tile kind %u", preset, i);
        if (kinds && i < n_kinds) {
            CHECK(tk[i].name && strcmp(tk[i].name, kinds[i].name) == 0, "%s: tile kind %u is \"%s\", not \"%s\"",
                  preset, i, tk[i].name ? tk[i].name : "(NULL)", kinds[i].name);
            CHECK(tk[i].glyph == (uint32_t)kinds[i].glyph && tk[i].walkable == kinds[i].walkable,
                  "%s: tile kind %u (%s) has glyph U+%04X, walkable %d", preset, i, kinds[i].name, tk[i].glyph,
                  tk[i].walkable);
        }
    }
    DelveTileKind past = {.size = sizeof past};
    CHECK(!delve_map_tile_kind(m, n, &past), "%s: tile kind past the end", preset);
    CHECK(!delve_map_tile_kind(m, UINT32_MAX, &past), "%s: tile kind UINT32_MAX", preset);
    CHECK(!delve_map_tile_kind(m, 0, NULL), "%s: tile kind into NULL", preset);
    const uint8_t *terrain = delve_map_terrain(m);
    CHECK(terrain != NULL && terrain == delve_map_terrain(m), "%s: terrain", preset);
    size_t kinded = 0;
    for (size_t i = 0; terrain && i < (size_t)w * h; i++) {
        CHECK(terrain[i] <= n, "%s: tile kind number %u at %zu of %u kinds", preset, terrain[i], i, n);
        CHECK(terrain[i] == 0 || tiles[i] != 0, "%s: tile kind %u on wall at %zu", preset, terrain[i], i);
        kinded += terrain[i] > 0;
    }
    for (uint32_t y = 0; y < h && strlen(ascii) == (size_t)(w + 1) * h; y++) {
        CHECK(ascii[(size_t)y * (w + 1) + w] == '\n', "%s: row %u does not end the line", preset, y);
        for (uint32_t x = 0; x < w; x++) {
            uint8_t id = tiles[(size_t)y * w + x];
            uint8_t k = terrain ? terrain[(size_t)y * w + x] : 0;
            char c = ascii[(size_t)y * (w + 1) + x];
            int marked = 0;
            for (uint32_t i = 0; i < markers && !marked; i++) {
                DelveMarker mk = {.size = sizeof mk};
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
            } else if (k > 0 && k <= n) {
                /* A floor tile of a kind (not a door's): its kind's glyph. */
                CHECK((uint32_t)(unsigned char)c == tk[k - 1].glyph, "%s: %u,%u is of kind %s but '%c'", preset, x, y,
                      tk[k - 1].name, c);
            } else if (id <= 3) {
                CHECK(c == TILE_CHARS[id], "%s: %u,%u is id %u but '%c'", preset, x, y, id, c);
            }
        }
    }
    /* Doors: each leads out onto a door tile; a locked one shows its key's number in the
     * ASCII (unless a marker or the spawn stands there). */
    uint32_t doors = delve_map_door_count(m), locked = 0;
    for (uint32_t i = 0; i < doors; i++) {
        DelveDoor d = {.size = sizeof d};
        CHECK(delve_map_door(m, i, &d), "%s: door %u", preset, i);
        CHECK(d.outside_x >= 0 && d.outside_y >= 0 && (uint32_t)d.outside_x < w && (uint32_t)d.outside_y < h,
              "%s: door %u leads off the map", preset, i);
        if (d.outside_x < 0 || d.outside_y < 0 || (uint32_t)d.outside_x >= w || (uint32_t)d.outside_y >= h) continue;
        size_t at = (size_t)d.outside_y * w + (size_t)d.outside_x;
        CHECK(tiles[at] == 3, "%s: door %u's outside tile is id %u", preset, i, tiles[at]);
        CHECK(abs(d.x - d.outside_x) + abs(d.y - d.outside_y) == 1, "%s: door %u is not beside its outside tile", preset, i);
        if (d.opening == DELVE_OPENING_LOCKED) {
            locked++;
            CHECK(d.key >= 1 && d.key <= 8, "%s: door %u locked by key %u", preset, i, d.key);
            char c = ascii[(size_t)d.outside_y * (w + 1) + (size_t)d.outside_x];
            CHECK(c == (char)('0' + d.key) || c == '@', "%s: locked door %u shows '%c', not its key %u", preset, i, c, d.key);
        } else {
            CHECK(d.key == 0, "%s: door %u is not locked but has key %u", preset, i, d.key);
        }
    }
    DelveDoor none_door = {.size = sizeof none_door};
    CHECK(!delve_map_door(m, doors, &none_door), "%s: door past the end", preset);
    /* A key may open several doors; every door locked opens with a key that lies on the map. */
    CHECK(locked >= keys, "%s: %u locked doors for %u keys", preset, locked, keys);
    for (uint32_t i = 0; i < doors; i++) {
        DelveDoor d = {.size = sizeof d};
        int found = 0;
        if (!delve_map_door(m, i, &d) || d.opening != DELVE_OPENING_LOCKED) continue;
        for (uint32_t j = 0; j < markers && !found; j++) {
            DelveMarker mk = {.size = sizeof mk};
            found = delve_map_marker(m, j, &mk) && mk.key == d.key;
        }
        CHECK(found, "%s: door %u is locked by key %u, which no marker is", preset, i, d.key);
    }
    uint32_t rooms = delve_map_room_count(m);
    CHECK(rooms > 0, "%s: no rooms", preset);
    for (uint32_t i = 0; i < rooms; i++) {
        DelveRoom r = {.size = sizeof r};
        CHECK(delve_map_room(m, i, &r), "%s: room %u", preset, i);
        CHECK(r.x >= 0 && r.y >= 0 && r.x + r.width <= w && r.y + r.height <= h, "%s: room %u off the map", preset, i);
        CHECK(r.area > 0 && r.area <= r.width * r.height, "%s: room %u area %u", preset, i, r.area);
        CHECK(tiles[(size_t)(r.y + r.height / 2) * w + r.x + r.width / 2] != 0 || r.area < r.width * r.height,
              "%s: the middle of rectangular room %u is wall", preset, i);
    }
    DelveRoom r = {.size = sizeof r};
    CHECK(!delve_map_room(m, rooms, &r), "%s: room past the end", preset);
    CHECK(strncmp(json, "{", 1) == 0 && strstr(json, "\"rooms\"") && strstr(json, "\"spawn\""), "%s: JSON", preset);
    check_masks(m, preset);
    printf("ok: %s seed %s: %ux%u, %u rooms, %u markers (%u keys), %u tile kinds on %zu tiles, spawn %u,%u\n", preset,
           seed ? seed : "(preset's)", w, h, rooms, markers, keys, n, kinded, sx, sy);
    free(tk);
    delve_string_free(ascii);
    delve_string_free(json);
    delve_map_free(m);
    return kinded;
}

static void check_map(const char *preset, const char *seed) {
    check_map_kinds(preset, seed, NULL, 0);
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

/* A seed as a number makes the map the same number written as text makes. */
static void check_number_seed(const char *preset, uint64_t seed, const char *as_text) {
    char *error = NULL;
    DelveMap *a = delve_generate_seed(preset, seed, &error);
    CHECK(a != NULL && error == NULL, "%s %s as a number: %s", preset, as_text, error ? error : "");
    DelveMap *b = delve_generate(preset, as_text, NULL);
    char *x = delve_map_to_ascii(a), *y = delve_map_to_ascii(b);
    CHECK(x != NULL && y != NULL && strcmp(x, y) == 0, "%s: seed %s as a number and as text differ", preset, as_text);
    delve_string_free(x);
    delve_string_free(y);
    delve_map_free(a);
    delve_map_free(b);
    delve_string_free(error);
}

static int check(const char *dir) {
    check_number_seed("godot-part3", 42, "42");
    check_number_seed("grown-quest", 18446744073709551615ULL, "18446744073709551615");
    EXPECT_ERROR("NULL preset, a seed as a number", delve_generate_seed(NULL, 1, &error), "preset: NULL");
    /* The library says which it is: a static version string ("0.1.0"). */
    CHECK(delve_version() != NULL && strchr(delve_version(), '.') != NULL, "delve_version: no version");
    check_map("godot-part3", "42");
    check_map("mcrogueface-part3", "1");
    check_map("tiendil-step6", "a seed typed as text");
    check_map("grown-shapes", "3");
    check_map("grown-treasure", NULL);
    /* grown-quest declares water, chasms and traps; they lie somewhere on these maps. */
    const uint32_t n_quest = sizeof QUEST_KINDS / sizeof QUEST_KINDS[0];
    CHECK(check_map_kinds("grown-quest", "7", QUEST_KINDS, n_quest) > 0, "grown-quest 7: no tile of a kind");
    CHECK(check_map_kinds("grown-quest", "1", QUEST_KINDS, n_quest) > 0, "grown-quest 1: no tile of a kind");
    CHECK(check_map_kinds("grown-quest", NULL, QUEST_KINDS, n_quest) > 0, "grown-quest: no tile of a kind");
    /* A preset without tile kinds: none, and every terrain byte 0. */
    check_map_kinds("godot-part3", "7", QUEST_KINDS, 0);
    /* Chasms and locked doors: the masks keep out of them, and the walk solves every map. */
    for (int i = 0; i < 12; i++) {
        char seed[16];
        snprintf(seed, sizeof seed, "%d", i);
        check_quest(seed);
    }

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
    EXPECT_ERROR("a device as a preset", delve_generate("/dev/zero", "1", &error), "/dev/zero",
                 "not a regular file");
    EXPECT_ERROR("a device as locks", delve_generate_keeping("godot-part3", "1", "/dev/zero", &error), "/dev/zero",
                 "not a regular file");
    EXPECT_ERROR("NULL locks path", delve_generate_keeping("godot-part3", "1", NULL, &error), "locks_map_path: NULL");
    EXPECT_ERROR("non-UTF-8 locks path", delve_generate_keeping("godot-part3", "1", not_utf8, &error),
                 "locks_map_path: not UTF-8 text");
    /* No place for the message: still NULL, nothing leaks. */
    CHECK(delve_generate("no-such-preset", NULL, NULL) == NULL, "NULL error pointer");

    /* A NULL map: 0 and NULL, no crash. */
    uint32_t x = 9, y = 9;
    DelveRoom r = {.size = sizeof r};
    delve_map_spawn(NULL, &x, &y);
    CHECK(x == 0 && y == 0, "spawn of NULL");
    CHECK(delve_map_width(NULL) == 0 && delve_map_height(NULL) == 0 && delve_map_room_count(NULL) == 0, "NULL size");
    CHECK(delve_map_tiles(NULL) == NULL && delve_map_to_ascii(NULL) == NULL && delve_map_to_json(NULL) == NULL,
          "NULL map data");
    CHECK(!delve_map_room(NULL, 0, &r), "room of NULL");
    DelveCertificate cert = {.size = sizeof cert};
    CHECK(delve_map_walkable(NULL, false) == NULL && delve_map_walkable(NULL, true) == NULL &&
              delve_map_transparent(NULL) == NULL && !delve_map_certify(NULL, &cert) &&
              delve_map_certify_summary(NULL) == NULL,
          "masks and walk of NULL");
    DelveExitFigures ef = {.size = sizeof ef, .steps_to_see_exit = 7};
    CHECK(!delve_map_exit_figures(NULL, 10, true, &ef) && ef.steps_to_see_exit == 7, "exit figures of NULL");
    DelveMarker mk = {.size = sizeof mk};
    CHECK(delve_map_marker_count(NULL) == 0 && !delve_map_marker(NULL, 0, &mk), "markers of NULL");
    DelveTileKind tk = {.size = sizeof tk};
    CHECK(delve_map_tile_kind_count(NULL) == 0 && !delve_map_tile_kind(NULL, 0, &tk) && delve_map_terrain(NULL) == NULL,
          "tile kinds of NULL");
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

/* `play`: for each line `PRESET<TAB>SEED` of standard input, the map's exit figures walked as
   `delve sweep --play` walks them (sight 10, eight ways): `STEPS,PERCENT` with the percent to
   three places, both empty when the exit is never reached; `error` when the map cannot be made. */
static int play(void) {
    static char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        char *seed = strchr(line, '\t');
        if (seed) *seed++ = 0;
        char *error = NULL;
        DelveMap *m = delve_generate(line, seed, &error);
        if (m == NULL) {
            printf("error\n");
            delve_string_free(error);
            continue;
        }
        DelveExitFigures f = {.size = sizeof f};
        if (!delve_map_exit_figures(m, 10, true, &f)) {
            printf("error\n");
        } else if (f.reached) {
            printf("%u,%.3f\n", f.steps_to_see_exit, (double)(float)(f.seen_on_the_way * 100.0));
        } else {
            printf(",\n");
        }
        delve_map_free(m);
    }
    return 0;
}

/* `presets`: each shipped preset's name on a line, as the library lists them, and nothing past
   the last. */
static int presets(void) {
    uint32_t n = delve_shipped_preset_count();
    for (uint32_t i = 0; i < n; i++) {
        const char *name = delve_shipped_preset_name(i);
        if (name == NULL) return 1;
        printf("%s\n", name);
    }
    return delve_shipped_preset_name(n) == NULL ? 0 : 1;
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "check") == 0) return check(argv[2]);
    if (argc == 2 && strcmp(argv[1], "rows") == 0) return rows();
    if (argc == 2 && strcmp(argv[1], "presets") == 0) return presets();
    if (argc == 2 && strcmp(argv[1], "play") == 0) return play();
    fprintf(stderr, "usage: %s check DIR | rows < ROWS.tsv | play < ROWS.tsv | presets\n", argv[0]);
    return 2;
}
