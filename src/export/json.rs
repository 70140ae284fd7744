//! A plain JSON of a map, with a JSON Schema generated from the types.
