/* Prints a Delve map from C: its size and rooms, then the map as text.
 *
 *   cargo build --release -p delve-c
 *   cc -std=c99 -I crates/delve-c/include examples/c/print_map.c \
 *      -L target/release -Wl,-rpath,$PWD/target/release -ldelve -o print_map
 *   ./print_map godot-part3 42        (PRESET [SEED]: a shipped preset's name, a file or RON text)
 */
#include "delve.h"

#include <stdio.h>

int main(int argc, char **argv) {
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s PRESET [SEED]\n", argv[0]);
        return 2;
    }
    char *error = NULL;
    DelveMap *map = delve_generate(argv[1], argc == 3 ? argv[2] : NULL, &error);
    if (map == NULL) {
        fprintf(stderr, "error: %s\n", error);
        delve_string_free(error);
        return 1;
    }
    uint32_t x, y;
    delve_map_spawn(map, &x, &y);
    printf("%s, seed %llu: %ux%u tiles, %u rooms, spawn at %u,%u\n", argv[1],
           (unsigned long long)delve_map_seed(map), delve_map_width(map), delve_map_height(map),
           delve_map_room_count(map), x, y);
    char *ascii = delve_map_to_ascii(map);
    fputs(ascii, stdout);
    delve_string_free(ascii);
    delve_map_free(map);
    return 0;
}
