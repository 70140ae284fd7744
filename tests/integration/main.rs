//! All integration tests, in one binary (one link, shared helpers). One module per area.

mod common;

#[cfg(feature = "gui")]
mod app;
mod cli;
mod edit;
mod files;
mod grown;
mod rooms_tunnels;
