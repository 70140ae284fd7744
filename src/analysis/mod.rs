//! Looking at many maps at once, without any GUI: thumbnails with metrics and their cache
//! ([`mod@thumbnail`]), pages of seeds sorted and filtered by a stat, and the seed history
//! ([`pages`]), the differences between two maps or two parameter sets ([`diff`]), and sweeps
//! of one parameter set over many seeds, in parallel ([`sweep`]), and the search for parameters
//! whose maps meet a goal ([`tune`]) or that span what a generator can make ([`variety`]).

pub mod depth;
pub mod diff;
pub mod explore;
pub mod pages;
pub mod thumbnail;

pub mod sweep;
pub mod tune;
pub mod variety;

pub use diff::{ParamDiff, diff_cells, differing_params, format_value};
pub use pages::{PAGE_SIZES, PageKind, PageSpec, SeedHistory, Stat, View};
pub use thumbnail::{ThumbCache, Thumbnail, params_key, run_key, thumbnail, thumbnail_of};
