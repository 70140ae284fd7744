/* The out-structs grow by their `size` field, as old and new callers see it. Driven by
 * tests/c.rs (compiled with the system's cc against the built library, run under valgrind when
 * there is one).
 *
 *   sizes   a caller built against an older, shorter header (its struct a prefix of today's,
 *           passed with its own sizeof) gets its fields, the same as today's caller gets, and
 *           not a byte past its struct is touched (guard bytes around it); a size short of the
 *           first version's fields is refused and nothing written; a caller with a newer, longer
 *           struct gets today's fields and keeps its own. Prints "ok: ..." lines.
 */
#include "delve.h"
#include "check.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>


#define GUARD 0xA5
#define GUARD_BYTES 32

/* Every byte of `p` is GUARD. */
static int guarded(const unsigned char *p, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (p[i] != GUARD) return 0;
    }
    return 1;
}

/* DelveRoom as its first version declared it: everything through `role`, no `vault`. */
typedef struct {
    uint32_t size;
    uint32_t id;
    int32_t x;
    int32_t y;
    uint32_t width;
    uint32_t height;
    uint32_t area;
    enum DelveRole role;
} RoomV1;

/* An old caller's room between guard bytes. */
typedef struct {
    unsigned char before[GUARD_BYTES];
    RoomV1 room;
    unsigned char after[GUARD_BYTES];
} GuardedRoomV1;

/* A caller built against a newer header: today's room and a field this library does not know. */
typedef struct {
    DelveRoom room;
    uint32_t later;
} RoomNext;

/* The first room of `m` that is a vault (the field the first version lacks), or 0. */
static uint32_t a_vault_room(const DelveMap *m) {
    for (uint32_t i = 0; i < delve_map_room_count(m); i++) {
        DelveRoom r = {.size = sizeof r};
        if (delve_map_room(m, i, &r) && r.vault) return i;
    }
    return 0;
}

static void old_rooms(const DelveMap *m) {
    uint32_t i = a_vault_room(m);
    DelveRoom now = {.size = sizeof now};
    CHECK(delve_map_room(m, i, &now), "room %u", i);
    CHECK(now.vault, "room %u of the vaults preset is not a vault: the test needs one", i);

    /* The old caller: its fields, the same as today's; nothing past its struct. */
    GuardedRoomV1 g;
    memset(&g, GUARD, sizeof g);
    g.room.size = sizeof g.room;
    CHECK(sizeof g.room < sizeof(DelveRoom), "RoomV1 is not shorter than DelveRoom");
    CHECK(offsetof(GuardedRoomV1, after) == offsetof(GuardedRoomV1, room) + sizeof g.room, "a gap before the guard");
    CHECK(delve_map_room(m, i, (DelveRoom *)&g.room), "an old caller's room is refused");
    CHECK(guarded(g.before, sizeof g.before) && guarded(g.after, sizeof g.after),
          "bytes around an old caller's room were written");
    CHECK(g.room.size == sizeof g.room, "size was written: %u", g.room.size);
    CHECK(g.room.id == now.id && g.room.x == now.x && g.room.y == now.y && g.room.width == now.width &&
              g.room.height == now.height && g.room.area == now.area && g.room.role == now.role,
          "an old caller's room differs from today's");
    printf("ok: an old caller's %zu-byte room (today %zu bytes) gets room %u, guards untouched\n", sizeof g.room,
           sizeof(DelveRoom), i);

    /* Short of the first version: refused, not a byte written. */
    size_t first = offsetof(RoomV1, role) + sizeof(enum DelveRole);
    uint32_t sizes[] = {0, 4, (uint32_t)offsetof(RoomV1, role), (uint32_t)first - 1};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        memset(&g, GUARD, sizeof g);
        g.room.size = sizes[k];
        CHECK(!delve_map_room(m, i, (DelveRoom *)&g.room), "size %u taken", sizes[k]);
        CHECK(guarded(g.before, sizeof g.before) && guarded((unsigned char *)&g.room + 4, sizeof g - 4 - sizeof g.before),
              "size %u: bytes written", sizes[k]);
    }
    printf("ok: sizes short of the first version (%zu bytes) are refused, nothing written\n", first);

    /* A newer caller: today's fields, and its own left alone. */
    RoomNext next;
    memset(&next, GUARD, sizeof next);
    next.room.size = sizeof next;
    next.later = 0xDE1FE;
    CHECK(delve_map_room(m, i, &next.room), "a newer caller's room is refused");
    CHECK(next.later == 0xDE1FE && next.room.size == sizeof next, "a newer caller's own field was written");
    CHECK(next.room.id == now.id && next.room.area == now.area && next.room.vault, "a newer caller's room differs");
    printf("ok: a newer caller's %zu-byte room gets today's fields, its own kept\n", sizeof next);
}

/* A struct of type T filled at full size between guards: the library writes within it only.
 * These have not grown since their first version, so a size that leaves out part of their
 * last field `last` is refused, nothing written. `call` is made with `out` the struct. */
#define FULL_AND_SHORT(T, last, call, what)                                                           \
    do {                                                                                              \
        struct {                                                                                      \
            unsigned char before[GUARD_BYTES];                                                        \
            T v;                                                                                      \
            unsigned char after[GUARD_BYTES];                                                         \
        } g;                                                                                          \
        T *out = &g.v;                                                                                \
        memset(&g, GUARD, sizeof g);                                                                  \
        g.v.size = sizeof g.v;                                                                        \
        CHECK(call, "%s: refused at full size", what);                                                \
        CHECK(guarded(g.before, sizeof g.before) && guarded(g.after, sizeof g.after), "%s: guards", what); \
        memset(&g, GUARD, sizeof g);                                                                  \
        g.v.size = (uint32_t)(offsetof(T, last) + sizeof g.v.last - 1);                               \
        CHECK(!(call), "%s: taken without all of its `%s`", what, #last);                             \
        CHECK(guarded((unsigned char *)&g + sizeof g.before + 4, sizeof g - sizeof g.before - 4),    \
              "%s: short: bytes written", what);                                                      \
        printf("ok: %s: %zu bytes filled within its guards, %u refused\n", what, sizeof g.v, g.v.size); \
    } while (0)

int main(int argc, char **argv) {
    if (argc != 2 || strcmp(argv[1], "sizes") != 0) {
        fprintf(stderr, "usage: %s sizes\n", argv[0]);
        return 2;
    }
    char *error = NULL;
    DelveMap *vaults = delve_generate("vaults", "3", &error);
    DelveMap *quest = delve_generate("grown-quest", "7", &error);
    CHECK(vaults && quest, "generate: %s", error ? error : "");
    if (vaults && quest) {
        old_rooms(vaults);
        FULL_AND_SHORT(DelveDoor, key, delve_map_door(quest, 0, out), "DelveDoor");
        FULL_AND_SHORT(DelveMarker, key, delve_map_marker(quest, 0, out), "DelveMarker");
        FULL_AND_SHORT(DelveTileKind, id, delve_map_tile_kind(quest, 0, out), "DelveTileKind");
        FULL_AND_SHORT(DelveCertificate, exit_room, delve_map_certify(quest, out), "DelveCertificate");
        FULL_AND_SHORT(DelveExitFigures, seen_on_the_way, delve_map_exit_figures(quest, 10, true, out),
                       "DelveExitFigures");
    }
    delve_string_free(error);
    delve_map_free(vaults);
    delve_map_free(quest);
    return failures == 0 ? 0 : 1;
}
