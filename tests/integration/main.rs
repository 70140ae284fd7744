//! All integration tests, in one binary (one link, shared helpers). One module per area.

mod common;

mod cli;
mod files;
mod rooms_tunnels;
