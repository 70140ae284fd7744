//! All integration tests, in one binary (one link, shared helpers). One module per area.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod core_deps;

mod accretion;
#[cfg(feature = "gui")]
mod app;
#[cfg(feature = "gui")]
mod app_browse;
#[cfg(feature = "gui")]
mod app_designer;
#[cfg(feature = "gui")]
mod app_document;
#[cfg(feature = "gui")]
mod app_dungeon;
#[cfg(feature = "gui")]
mod app_edit;
#[cfg(feature = "gui")]
mod app_explore;
#[cfg(feature = "gui")]
mod app_export;
#[cfg(feature = "gui")]
mod app_files;
#[cfg(feature = "gui")]
mod app_graph;
#[cfg(feature = "gui")]
mod app_keep;
#[cfg(feature = "gui")]
mod app_layout;
#[cfg(feature = "gui")]
mod app_legible;
#[cfg(feature = "gui")]
mod app_locks;
#[cfg(feature = "gui")]
mod app_markers;
#[cfg(feature = "gui")]
mod app_play;
#[cfg(feature = "gui")]
mod app_recovery;
#[cfg(feature = "gui")]
mod app_roles;
#[cfg(feature = "gui")]
mod app_stages;
#[cfg(feature = "gui")]
mod app_timeline;
#[cfg(feature = "gui")]
mod app_tune;
#[cfg(feature = "gui")]
mod app_vaults;
mod binding_lists;
mod browser;
mod bsp;
mod caves;
mod certified;
mod cli;
mod code_size;
mod dungeons;
mod edit;
#[cfg(feature = "gui")]
mod editor;
mod everywhere;
mod export;
mod export_markers;
mod export_tiled;
mod files;
mod grown;
mod grown_shapes;
mod grown_steps;
mod hostile;
mod hybrids;
mod legible;
mod locks;
mod markers;
mod mazes;
mod pillars;
mod play;
mod roles;
mod rooms_tunnels;
#[cfg(feature = "gui")]
mod screen;
mod stages;
mod survey;
mod tiled_readers;
mod tiles;
mod tune;
mod vaults;
mod walk;
