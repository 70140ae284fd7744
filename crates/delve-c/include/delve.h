/* libdelve: Delve's dungeon generators for C. Made by cbindgen from crates/delve-c/src/lib.rs;
 * do not edit (see crates/delve-c/cbindgen.toml). Link with -ldelve. */

#ifndef DELVE_H
#define DELVE_H



#include <stdbool.h>
#include <stdint.h>

// What a room is for in play (the editor's roles).
typedef enum DelveRole {
  // No role.
  DELVE_ROLE_NONE = 0,
  // Where the player starts: the room that holds the spawn.
  DELVE_ROLE_ENTRANCE = 1,
  // The way on: a room farthest from the entrance.
  DELVE_ROLE_EXIT = 2,
  // The prize: a room with a single way in, far from the entrance.
  DELVE_ROLE_TREASURE = 3,
  // The room every path into the treasure room passes.
  DELVE_ROLE_GUARD = 4,
  // A small dead-end room off the treasure room.
  DELVE_ROLE_SIDE = 5,
} DelveRole;

// How a door opens (the JSON export's `opening`).
typedef enum DelveOpening {
  // A plain door.
  DELVE_OPENING_DOOR = 0,
  // Locked: the key marker with the door's `key` number opens it.
  DELVE_OPENING_LOCKED = 1,
  // A secret door: a way through that looks like wall until found.
  DELVE_OPENING_SECRET = 2,
  // An open arch: a way through with no door in it.
  DELVE_OPENING_ARCH = 3,
} DelveOpening;

// A dungeon made: its floors (the trunk's from the first, then each branch's), each with its
// branch's name and depth, and the staircases. Opaque to C.
typedef struct DelveDungeon DelveDungeon;

// A generated map: its tiles, rooms, doors, corridors and spawn. Opaque; made by
// `delve_generate` or `delve_generate_keeping`, freed with `delve_map_free`.
typedef struct DelveMap DelveMap;

// A preset: a generator and every one of its parameters, its name and its own seed. Opaque;
// made by `delve_preset_load`, freed with `delve_preset_free`. Reading it
// (`delve_preset_get`, `delve_preset_generate`, `delve_preset_to_ron`) from several threads at
// once is safe; setting it (`delve_preset_set`) is not, while any other call uses it.
typedef struct DelvePreset DelvePreset;

// One room of a map: its id (as in the JSON export), the bounding box of its floor in tiles
// (x to the right, y down, from the top-left corner of the map), its floor area and its role.
typedef struct DelveRoom {
  // Set by the caller to `sizeof(DelveRoom)` before the call; never written by the library,
  // which writes only the fields that lie wholly within `size` bytes: a program built against an
  // older, shorter `DelveRoom` gets its own fields and nothing past them is touched; a larger
  // `size` (a newer header than the library) gets the fields this library knows, the rest left
  // as they were. A `size` short of the first version's fields (through `role`) is refused.
  uint32_t size;
  // The room's id, as the JSON export and the map file name it.
  uint32_t id;
  // Left column of the bounding box.
  int32_t x;
  // Top row of the bounding box.
  int32_t y;
  // Width of the bounding box, in tiles (0 for a room with no floor).
  uint32_t width;
  // Height of the bounding box, in tiles (0 for a room with no floor).
  uint32_t height;
  // Number of floor tiles (rooms need not be rectangles).
  uint32_t area;
  // What the room is for.
  enum DelveRole role;
  // A hand-made room, placed from a vault library (the JSON export's `vault`). Added after
  // the first version: a caller whose `size` ends before it does not get it.
  bool vault;
} DelveRoom;

// One door of a map: on tile (`x`, `y`), its room's edge, leading out to tile (`outside_x`,
// `outside_y`), where its corridor starts (the door tile of `delve_map_tiles`).
typedef struct DelveDoor {
  // Set by the caller to `sizeof(DelveDoor)` before the call; never written by the library,
  // which writes only the fields that lie wholly within `size` bytes: a program built against an
  // older, shorter `DelveDoor` gets its own fields and nothing past them is touched; a larger
  // `size` (a newer header than the library) gets the fields this library knows, the rest left
  // as they were. A `size` short of the first version's fields (through `key`) is refused.
  uint32_t size;
  // The door's id, as the JSON export and the map file name it.
  uint32_t id;
  // The id of its room.
  uint32_t room;
  int32_t x;
  int32_t y;
  int32_t outside_x;
  int32_t outside_y;
  // Its kind, 0 for the default (the generator's door kinds).
  uint8_t kind;
  // How it opens.
  enum DelveOpening opening;
  // For a locked door: the number of the key that opens it; else 0.
  uint32_t key;
} DelveDoor;

// One marker of a map: a thing of kind `kind` on tile (`x`, `y`).
typedef struct DelveMarker {
  // Set by the caller to `sizeof(DelveMarker)` before the call; never written by the library,
  // which writes only the fields that lie wholly within `size` bytes: a program built against an
  // older, shorter `DelveMarker` gets its own fields and nothing past them is touched; a larger
  // `size` (a newer header than the library) gets the fields this library knows, the rest left
  // as they were. A `size` short of the first version's fields (through `key`) is refused.
  uint32_t size;
  // Its kind's name, as the preset declares it (`monster`, `key`, ...): owned by the map,
  // valid until `delve_map_free`.
  const char *kind;
  // Its tile, x to the right, y down, from the top-left corner of the map.
  int32_t x;
  int32_t y;
  // The id of the room it stands in, or -1 when in none.
  int64_t room;
  // Its difficulty level (1 the easiest), or 0 for a kind without one.
  uint32_t level;
  // For a key: the number of the locked doors it opens (the JSON export's `key`); else 0.
  uint32_t key;
} DelveMarker;

// One kind of tile of a map's palette (water, a chasm, a trap, ...): what the floor of a tile
// is made of beyond plain floor, as the JSON export's `tile_kinds` gives it.
typedef struct DelveTileKind {
  // Set by the caller to `sizeof(DelveTileKind)` before the call; never written by the library,
  // which writes only the fields that lie wholly within `size` bytes: a program built against an
  // older, shorter `DelveTileKind` gets its own fields and nothing past them is touched; a
  // larger `size` (a newer header than the library) gets the fields this library knows, the rest
  // left as they were. A `size` short of the first version's fields (through `id`) is refused.
  uint32_t size;
  // Its name, as the preset declares it (`water`, `chasm`, `trap`, ...): owned by the map,
  // valid until `delve_map_free`.
  const char *name;
  // Its glyph in the ASCII form and the JSON export's `terrain` rows, a Unicode scalar value
  // (for the shipped presets an ASCII character).
  uint32_t glyph;
  // How Delve draws it: red, green and blue.
  uint8_t r;
  uint8_t g;
  uint8_t b;
  // Whether a creature can stand on it.
  bool walkable;
  // Its id in the CSV export, the JSON export's `tile_kinds` and Delve's Tiled tileset: 4 +
  // its index (0 to 3 are wall, room floor, corridor floor and door tile).
  uint32_t id;
} DelveTileKind;

// A staircase between two floors of a dungeon (`delve_dungeon_link`): on floor `from_floor`
// at tile `(x, y)` its `stairs_down` (or `branch`, when `into_branch`), on floor `to_floor` at
// the same tile its `stairs_up`. Floors by their index (0 to `delve_dungeon_floor_count - 1`).
typedef struct DelveLink {
  // Set by the caller to `sizeof(DelveLink)` before the call (see `DelveRoom::size`): the
  // library writes only the fields within `size` bytes, so the struct may grow.
  uint32_t size;
  uint32_t from_floor;
  uint32_t to_floor;
  int32_t x;
  int32_t y;
  // The staircase leads into a branch's first floor (its marker on the floor above is
  // `branch`); false: down the same branch (`stairs_down`).
  bool into_branch;
} DelveLink;

// What a player's walk over the tiles found on a map (`delve_map_certify`): the walk steps
// from the spawn onto floor of a walkable kind and door tiles, a locked door's tile once its
// key (a key marker's tile, picked up by stepping on it) is held, never onto rock. The same
// walk as `delve check` and the `solvable`, `solution_length`, `free_locks` and
// `exit_without_keys` columns of `delve sweep`.
typedef struct DelveCertificate {
  // Set by the caller to `sizeof(DelveCertificate)` before the call; never written by the
  // library, which writes only the fields that lie wholly within `size` bytes: a program built
  // against an older, shorter `DelveCertificate` gets its own fields and nothing past them is
  // touched; a larger `size` (a newer header than the library) gets the fields this library
  // knows, the rest left as they were. A `size` short of the first version's fields (through
  // `exit_room`) is refused.
  uint32_t size;
  // Every key is picked up before its door is needed, every walkable tile is reached once
  // the keys are held, and the exit is reached (stepping north, south, east and west).
  bool solvable;
  // The exit is reached (`solution_length` holds the steps); false: it never is.
  bool has_solution;
  // Steps from the spawn, picking up the keys needed nearest first, to the exit's nearest
  // tile; 0 when `has_solution` is false.
  uint32_t solution_length;
  // Keys the walk picks up.
  uint32_t keys_found;
  // Keys no walk reaches (behind their own lock, or cut off).
  uint32_t keys_missed;
  // Locked doors that lock nothing: every tile beside the door's tile is reached with that
  // door alone closed, stepping eight ways with every key held.
  uint32_t free_locks;
  // Locked doors of the map.
  uint32_t locks;
  // On a map with locked doors: the exit is reached holding no key, stepping eight ways.
  bool exit_without_keys;
  // The spawn is on a tile a player can stand on.
  bool spawn_walkable;
  // Walkable tiles never reached, holding every key found.
  uint32_t unreached;
  // The exit room's index (as `delve_map_room` takes it): the room with the exit role, else
  // the room farthest from the spawn; -1 when no room is reached.
  int64_t exit_room;
} DelveCertificate;

// What a player feels on the way to the exit (`delve_map_exit_figures`): the certifier's route
// (the nearest key needed until the exit is open, then the exit, as `delve_map_certify` walks
// it) walked a step at a time with the player's field of view (symmetric shadowcasting). The
// same figures as `delve sweep --play`'s `steps_to_see_exit` and `seen_on_the_way_percent`
// columns (which walk with a sight of 10, eight ways).
typedef struct DelveExitFigures {
  // Set by the caller to `sizeof(DelveExitFigures)` before the call (as for
  // `DelveCertificate`).
  uint32_t size;
  // The route reaches the exit room; false: the figures below are 0.
  bool reached;
  // Steps until a tile of the exit room first comes into view (0: seen from the spawn).
  uint32_t steps_to_see_exit;
  // The share of the map's walkable tiles seen by the time the exit room is reached, 0 to 1.
  double seen_on_the_way;
} DelveExitFigures;

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

// The map's width in tiles (0 for NULL).
//
// # Safety
// `m` is NULL or a map not yet freed.
uint32_t delve_map_width(const struct DelveMap *m);

// The map's height in tiles (0 for NULL).
//
// # Safety
// `m` is NULL or a map not yet freed.
uint32_t delve_map_height(const struct DelveMap *m);

// The seed the map was made from (the preset's own seed when none was given; 0 for NULL).
//
// # Safety
// `m` is NULL or a map not yet freed.
uint64_t delve_map_seed(const struct DelveMap *m);

// The map's tiles, row by row: `width * height` ids, 0 wall, 1 room floor, 2 corridor floor,
// 3 door tile (the tile just outside a door, `+` in the ASCII form); a floor tile's kind, if
// any, is in `delve_map_terrain`. The array belongs to the map and lives until
// `delve_map_free`. NULL for NULL.
//
// # Safety
// `m` is NULL or a map not yet freed.
const uint8_t *delve_map_tiles(const struct DelveMap *m);

// Writes the spawn tile (where the player starts, `@` in the ASCII form) to `*x` and `*y`;
// either may be NULL. A NULL map writes 0, 0.
//
// # Safety
// `m` is NULL or a map not yet freed; `x` and `y` are NULL or writable.
void delve_map_spawn(const struct DelveMap *m, uint32_t *x, uint32_t *y);

// The number of rooms of the map (0 for NULL).
//
// # Safety
// `m` is NULL or a map not yet freed.
uint32_t delve_map_room_count(const struct DelveMap *m);

// Writes room `index` (0 to `delve_map_room_count - 1`, in the order of the JSON export) to
// `*out`, whose `size` the caller sets to `sizeof(DelveRoom)` first (see `DelveRoom::size`).
// Returns false, writing nothing, for a NULL map or `out`, an index out of range or a `size`
// short of the first version's fields.
//
// # Safety
// `m` is NULL or a map not yet freed; `out` is NULL or a struct whose `size` bytes are
// writable.
bool delve_map_room(const struct DelveMap *m, uint32_t index, struct DelveRoom *out);

// The number of doors of the map (0 for NULL).
//
// # Safety
// `m` is NULL or a map not yet freed.
uint32_t delve_map_door_count(const struct DelveMap *m);

// Writes door `index` (0 to `delve_map_door_count - 1`, in the order of the JSON export) to
// `*out`, whose `size` the caller sets to `sizeof(DelveDoor)` first (see `DelveDoor::size`).
// Returns false, writing nothing, for a NULL map or `out`, an index out of range or a `size`
// short of the first version's fields.
//
// # Safety
// `m` is NULL or a map not yet freed; `out` is NULL or a struct whose `size` bytes are
// writable.
bool delve_map_door(const struct DelveMap *m, uint32_t index, struct DelveDoor *out);

// The number of markers of the map (0 for NULL).
//
// # Safety
// `m` is NULL or a map not yet freed.
uint32_t delve_map_marker_count(const struct DelveMap *m);

// Writes marker `index` (0 to `delve_map_marker_count - 1`, in the order of the JSON export)
// to `*out`, whose `size` the caller sets to `sizeof(DelveMarker)` first (see
// `DelveMarker::size`). Returns false, writing nothing, for a NULL map or `out`, an index out
// of range or a `size` short of the first version's fields.
//
// # Safety
// `m` is NULL or a map not yet freed; `out` is NULL or a struct whose `size` bytes are
// writable.
bool delve_map_marker(const struct DelveMap *m, uint32_t index, struct DelveMarker *out);

// The number of tile kinds of the map's palette (0 for NULL, and for a map that declares
// none).
//
// # Safety
// `m` is NULL or a map not yet freed.
uint32_t delve_map_tile_kind_count(const struct DelveMap *m);

// Writes tile kind `index` (0 to `delve_map_tile_kind_count - 1`, in the order of the JSON
// export's `tile_kinds`; a tile of kind number `k` in `delve_map_terrain` is of index `k - 1`)
// to `*out`, whose `size` the caller sets to `sizeof(DelveTileKind)` first (see
// `DelveTileKind::size`). Returns false, writing nothing, for a NULL map or `out`, an index out
// of range or a `size` short of the first version's fields.
//
// # Safety
// `m` is NULL or a map not yet freed; `out` is NULL or a struct whose `size` bytes are
// writable.
bool delve_map_tile_kind(const struct DelveMap *m, uint32_t index, struct DelveTileKind *out);

// The tile kind of each tile, row by row: `width * height` bytes, 0 for a tile without a kind
// (wall, plain floor), else the kind's number `k`, 1-based: the kind `delve_map_tile_kind`
// gives at index `k - 1`. Kinds lie on floor only (room or corridor, a door tile included;
// the ASCII form shows a door tile as `+` whatever its kind). All 0 for a map without tile
// kinds. The array belongs to the map and lives until `delve_map_free`; it is made the first
// time it is asked for. NULL for NULL.
//
// # Safety
// `m` is NULL or a map not yet freed.
const uint8_t *delve_map_terrain(const struct DelveMap *m);

// The map as text, byte for byte what `delve generate --ascii` prints: a line per row, `#`
// wall, `.` room floor, `,` corridor floor, a tile of a kind its kind's glyph, `+` door tile (a
// locked door's: its key's number), `@` spawn, a marker its kind's glyph. A glyph outside
// ASCII is written as UTF-8. Free it with `delve_string_free`. NULL for NULL.
//
// # Safety
// `m` is NULL or a map not yet freed.
char *delve_map_to_ascii(const struct DelveMap *m);

// The map as JSON, byte for byte what `delve export --format json` writes: size, tile ids
// and rows, rooms, doors, corridors, the room graph, spawn, provenance, markers, tile kinds
// and terrain rows. Free it with `delve_string_free`. NULL for NULL.
//
// # Safety
// `m` is NULL or a map not yet freed.
char *delve_map_to_json(const struct DelveMap *m);

// Frees a map from `delve_generate*` (NULL does nothing). The map and its arrays (tiles,
// terrain, masks) must not be used afterwards.
//
// # Safety
// `m` is NULL or a map from `delve_generate*` not yet freed.
void delve_map_free(struct DelveMap *m);

// Frees a string from libdelve: an error message, `delve_map_to_ascii`, `delve_map_to_json`
// or `delve_map_certify_summary` (NULL does nothing).
//
// # Safety
// `s` is NULL or a string from libdelve not yet freed.
void delve_string_free(char *s);

// The version of this library (`"0.1.0"`), the same as `delve --version` prints: a static,
// NUL-terminated string, never freed, never NULL.
const char *delve_version(void);

// How many presets are shipped with this library (built in: `delve_generate` takes their
// names). List them with `delve_shipped_preset_name`.
uint32_t delve_shipped_preset_count(void);

// The name of shipped preset `index` (`0 <= index < delve_shipped_preset_count()`), such as
// `"godot-part3"`: a static, NUL-terminated string, never freed. NULL when `index` is out of
// range.
const char *delve_shipped_preset_name(uint32_t index);

// Makes every floor of `dungeon`: a shipped dungeon's name (`brogue-length`, `dcss-shaped`) or
// a dungeon file's path, at `seed` (a whole number or any text, hashed as `delve dungeon
// --seed` does; NULL: the dungeon's own seed), each floor made around its stairs and
// certified by the player's walk.
//
// Returns the dungeon (free it with `delve_dungeon_free`), or NULL with `*error` set to a
// message naming the file, or the branch, floor and key (free it with `delve_string_free`).
// `error` may be NULL; on success `*error` is set to NULL.
//
// # Safety
// `dungeon` and `seed` are NULL or NUL-terminated strings; `error` is NULL or writable.
struct DelveDungeon *delve_dungeon_generate(const char *dungeon, const char *seed, char **error);

// `delve_dungeon_generate` with the seed as a number.
//
// # Safety
// `dungeon` is NULL or a NUL-terminated string; `error` is NULL or writable.
struct DelveDungeon *delve_dungeon_generate_seed(const char *dungeon, uint64_t seed, char **error);

// The number of floors (0 for NULL).
//
// # Safety
// `d` is NULL or a dungeon not yet freed.
uint32_t delve_dungeon_floor_count(const struct DelveDungeon *d);

// Floor `index`'s map, for the `delve_map_*` functions: owned by the dungeon, valid until
// `delve_dungeon_free` (never pass it to `delve_map_free`). NULL for NULL or an index out of
// range.
//
// # Safety
// `d` is NULL or a dungeon not yet freed.
const struct DelveMap *delve_dungeon_floor(const struct DelveDungeon *d, uint32_t index);

// The name of floor `index`'s branch, owned by the dungeon (NULL for NULL or out of range).
//
// # Safety
// `d` is NULL or a dungeon not yet freed.
const char *delve_dungeon_floor_branch(const struct DelveDungeon *d, uint32_t index);

// Floor `index`'s depth in its branch, from 1 (0 for NULL or out of range).
//
// # Safety
// `d` is NULL or a dungeon not yet freed.
uint32_t delve_dungeon_floor_depth(const struct DelveDungeon *d, uint32_t index);

// The number of staircases (0 for NULL).
//
// # Safety
// `d` is NULL or a dungeon not yet freed.
uint32_t delve_dungeon_link_count(const struct DelveDungeon *d);

// Writes staircase `index` to `*out`, whose `size` the caller sets to `sizeof(DelveLink)`
// first. False, writing nothing, for NULL, an index out of range or a `size` too small.
//
// # Safety
// `d` is NULL or a dungeon not yet freed; `out` is NULL or a struct whose `size` bytes are
// writable.
bool delve_dungeon_link(const struct DelveDungeon *d, uint32_t index, struct DelveLink *out);

// Frees a dungeon and its floors' maps (NULL: nothing).
//
// # Safety
// `d` is NULL or a dungeon from `delve_dungeon_generate*` not yet freed; its floors' maps are
// not used after.
void delve_dungeon_free(struct DelveDungeon *d);

// Generates the map of `preset` and `seed`.
//
// `preset` is the name of a shipped preset (such as `godot-part3`; `delve_shipped_preset_name`
// lists them all), the path of a preset file, or a preset's RON text (anything with a `(` in
// it that is no file). `seed` is a whole number or any text (hashed, as
// `delve generate --seed` does); NULL means the preset's own seed.
//
// Returns the map (free it with `delve_map_free`), or NULL with `*error` set to a message
// naming the file, line:column, field and allowed range when it can (free it with
// `delve_string_free`). `error` may be NULL; on success `*error` is set to NULL.
//
// # Safety
// `preset` and `seed` are NULL or NUL-terminated strings; `error` is NULL or writable.
struct DelveMap *delve_generate(const char *preset, const char *seed, char **error);

// Generates the map of `preset` and the seed `seed` as a number (what `delve generate --seed`
// makes of the same number written as text): for a game that keeps its seeds as integers.
// Otherwise as `delve_generate`.
//
// # Safety
// `preset` is NULL or a NUL-terminated string; `error` is NULL or writable.
struct DelveMap *delve_generate_seed(const char *preset, uint64_t seed, char **error);

// Generates the map of `preset` and `seed` around the locks of the map file at
// `locks_map_path` (its locked rooms, their doors and corridors, its locked tiles), as
// `delve generate --keep` does. A map with nothing locked generates as usual.
//
// Returns NULL with `*error` set when the preset or the map file cannot be read, when the
// map is over the editor's limits, or when a lock cannot be kept (the lock named).
//
// # Safety
// `preset`, `seed` and `locks_map_path` are NULL or NUL-terminated strings; `error` is NULL or
// writable.
struct DelveMap *delve_generate_keeping(const char *preset,
                                        const char *seed,
                                        const char *locks_map_path,
                                        char **error);

// Reads a preset to read, set and generate from: `preset` is a shipped preset's name, the
// path of a preset file or a preset's RON text, as `delve_generate` takes it.
//
// Returns the preset (free it with `delve_preset_free`), or NULL with `*error` set to the
// message `delve_generate` gives for the same text (free it with `delve_string_free`).
// `error` may be NULL; on success `*error` is set to NULL.
//
// # Safety
// `preset` is NULL or a NUL-terminated string; `error` is NULL or writable.
struct DelvePreset *delve_preset_load(const char *preset, char **error);

// Sets the parameter at `key` to `value`.
//
// `key` is the parameter's path in the preset file: its field names joined by `.`, a list's
// items by number from 0 (`max_rooms`, `room_size`, `room_size.max`, `markers.keys.pairs`,
// `markers.kinds.0.density`, `roles.guard`). `value` is JSON text, as `delve_preset_get`
// gives it: a number (`2`, `1.5`), `true` or `false`, text in quotes (`"monster"`), a range
// as `{"min": 6, "max": 10}`, a list as `[220, 70, 60]`, `null` for none; a bare word
// (`ShareWalls`, an option's name in the preset file) is taken as text.
//
// The whole preset is then checked as `delve generate` checks a preset file. Returns true, and
// `*error` set to NULL, when the value is taken; false, the preset unchanged and `*error` the
// message (free it with `delve_string_free`) when the key names no parameter, the value is
// not of the parameter's kind or the checks refuse it. The message names the key and says
// what is allowed, in the words `delve generate` uses for that value in a file
// (`markers.keys.pairs: markers: key pairs: 99 must be 0 to 8`); for a number of the wrong
// kind (`-3` for a count) the range is added (`(allowed 1 to 100000 tries)`). `error` may be
// NULL.
//
// # Safety
// `p` is NULL or a preset not yet freed, used by no other call meanwhile; `key` and `value`
// are NULL or NUL-terminated strings; `error` is NULL or writable.
bool delve_preset_set(struct DelvePreset *p, const char *key, const char *value, char **error);

// The value of the parameter at `key` (a path, as `delve_preset_set` takes it) as JSON text:
// `30`, `0.25`, `true`, `"ShareWalls"`, `{"max":10,"min":6}` (an object's fields in name
// order), `null` for none; `delve_preset_set` takes it back. Free it with
// `delve_string_free`.
//
// Returns NULL with `*error` set when `p` or `key` is NULL or the key names no parameter;
// on success `*error` is set to NULL. `error` may be NULL.
//
// # Safety
// `p` is NULL or a preset not yet freed; `key` is NULL or a NUL-terminated string; `error` is
// NULL or writable.
char *delve_preset_get(const struct DelvePreset *p, const char *key, char **error);

// Generates the map of the preset `p` as it is now and the seed `seed`: the map
// `delve generate` makes of the preset file `delve_preset_to_ron` writes, with `--seed` and
// the same number. Returns the map (free it with `delve_map_free`), or NULL with `*error` set
// (a NULL preset, parameters that cannot be generated); on success `*error` is set to NULL.
// `error` may be NULL.
//
// # Safety
// `p` is NULL or a preset not yet freed; `error` is NULL or writable.
struct DelveMap *delve_preset_generate(const struct DelvePreset *p, uint64_t seed, char **error);

// The preset as the text of a preset file, as the editor and `delve tune` save it: to write to
// a file that `delve generate`, the editor and `delve_generate` read. Vault
// libraries are named as the preset names them (relative to its own file's folder; shipped
// ones by their shipped name). Free it with `delve_string_free`. NULL for NULL.
//
// # Safety
// `p` is NULL or a preset not yet freed.
char *delve_preset_to_ron(const struct DelvePreset *p);

// Frees a preset from `delve_preset_load` (NULL does nothing); maps generated from it are
// not touched.
//
// # Safety
// `p` is NULL or a preset from `delve_preset_load` not yet freed.
void delve_preset_free(struct DelvePreset *p);

// What a creature may stand on, row by row: `width * height` bytes, 1 for floor (room,
// corridor, door tile) of a walkable tile kind (a chasm is not), 0 for rock and floor that is
// not walkable; the tile of a locked door is 0 unless `all_keys` (a player holding every key).
// The mask `delve_map_certify`'s walk steps on. The array belongs to the map and lives until
// `delve_map_free`; it is made the first time it is asked for. NULL for NULL.
//
// # Safety
// `m` is NULL or a map not yet freed.
const uint8_t *delve_map_walkable(const struct DelveMap *m, bool all_keys);

// What a creature sees through, row by row: `width * height` bytes, 1 for floor of any tile
// kind (water and chasms are seen across) and the door tiles of open arches, 0 for rock and the
// tiles of shut doors (plain, locked and secret). The array belongs to the map and lives until
// `delve_map_free`; it is made the first time it is asked for. NULL for NULL.
//
// # Safety
// `m` is NULL or a map not yet freed.
const uint8_t *delve_map_transparent(const struct DelveMap *m);

// Walks the map as a player does (see `DelveCertificate`) and writes what the walk found to
// `*out`, whose `size` the caller sets to `sizeof(DelveCertificate)` first. Returns false,
// writing nothing, for a NULL map or `out` or a `size` short of the first version's fields.
//
// # Safety
// `m` is NULL or a map not yet freed; `out` is NULL or a struct whose `size` bytes are
// writable.
bool delve_map_certify(const struct DelveMap *m, struct DelveCertificate *out);

// The walk's story in a line, as `delve check` tells it ("solvable in 84 steps", "not
// solvable: keys never reached: 2"). Free it with `delve_string_free`. NULL for NULL.
//
// # Safety
// `m` is NULL or a map not yet freed.
char *delve_map_certify_summary(const struct DelveMap *m);

// Walks `m`'s solution as the player, seeing `radius` tiles far (0: as far as the map goes),
// stepping eight ways or only four, and writes what they felt on the way to the exit into
// `out`. False (and `out` untouched) for NULL or a `size` short of the fields; a map whose exit
// is never reached gives true with `reached` false.
//
// # Safety
// `m` is NULL or a map not yet freed; `out` is NULL or a struct whose `size` bytes are
// writable.
bool delve_map_exit_figures(const struct DelveMap *m,
                            uint32_t radius,
                            bool eight_ways,
                            struct DelveExitFigures *out);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* DELVE_H */
