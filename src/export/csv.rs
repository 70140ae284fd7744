//! CSV: one line per map row, one tile id per cell.
