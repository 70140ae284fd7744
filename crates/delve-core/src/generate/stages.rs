//! The stages generators are made of: each one job, in a fixed order per generator, each
//! drawing from its own random stream ([`crate::rng::Stream`]) so that changing one stage's
//! parameters does not reshuffle the others. The names here are the ones the docs, the
//! timeline and the parameter panel use.
//!
//! | Generator | Stages |
//! |---|---|
//! | Rooms and tunnels | place rooms → dig tunnels → spawn → (keep locks) → roles → markers → colours apart |
//! | Grown rooms | grow → doors → place → loops → roles → markers → colours apart |
//!
//! Grown rooms run their first three stages room by room (a room is grown, given doors and
//! placed before the next is grown), as Tiendil's algorithm does; each still has its own
//! stream. Locks enter rooms and tunnels through three seams (see `generate/keep.rs`): the
//! obstacles *place rooms* avoids, the router *dig tunnels* asks, and the *keep locks* stage.

pub use crate::params::stages::Stage;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::GeneratorKind;

    #[test]
    fn every_generator_ends_with_roles_markers_then_colours_and_names_are_unique() {
        for &kind in GeneratorKind::ALL {
            let stages = Stage::of(kind);
            assert_eq!(stages[stages.len() - 3..], [Stage::Roles, Stage::Markers, Stage::ColoursApart], "{kind:?}");
            let mut names: Vec<&str> = stages.iter().map(|s| s.name()).collect();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), stages.len());
        }
    }

    /// Every stage has a name of its own and a job; each family's own stage is in exactly that
    /// family's list, and the shared stages that end every list are in every one (a stage
    /// declared in the list of families but left out of its family's stages fails here).
    #[test]
    fn every_stage_is_named_once_and_in_its_familys_list() {
        let mut names: Vec<&str> = Stage::ALL.iter().map(|s| s.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Stage::ALL.len(), "{names:?}");
        for &stage in Stage::ALL {
            assert!(!stage.job().is_empty(), "{stage:?}");
            let having = GeneratorKind::ALL.iter().filter(|k| Stage::of(**k).contains(&stage)).count();
            let expected = match stage {
                Stage::Beside | Stage::Vaults | Stage::Roles | Stage::Markers | Stage::ColoursApart => {
                    GeneratorKind::ALL.len()
                }
                // Shared by the drunkard's walk and rooms and mazes.
                Stage::Passages => 2,
                // A family's own (keep locks: rooms and tunnels lists it among its own).
                _ => 1,
            };
            assert_eq!(having, expected, "{stage:?}");
        }
    }

    /// Every parameter of every generator belongs to exactly one of its stages, and every key a
    /// stage lists is a parameter of its generator.
    #[test]
    fn every_parameter_has_one_stage() {
        use crate::params::{GeneratorParams, GrownRooms, RoomsAndTunnels};
        for params in [
            GeneratorParams::RoomsAndTunnels(RoomsAndTunnels::godot()),
            GeneratorParams::GrownRooms(GrownRooms::default()),
        ] {
            let kind = params.kind();
            let specs = params.params().specs();
            for spec in specs {
                let owners: Vec<Stage> = Stage::of(kind)
                    .iter()
                    .copied()
                    .filter(|s| {
                        s.param_keys().contains(&spec.key)
                            || (*s == Stage::Roles && crate::params::roles::is_rule(spec.key))
                            || (*s == Stage::Vaults && crate::params::vaults::is_setting(spec.key))
                    })
                    .collect();
                assert_eq!(owners.len(), 1, "{kind:?} {}: {owners:?}", spec.key);
                assert_eq!(Stage::of_param(kind, spec.key), Some(owners[0]));
            }
            for stage in Stage::of(kind) {
                for key in stage.param_keys() {
                    assert!(specs.iter().any(|s| s.key == *key), "{stage:?} lists {key}, not a parameter of {kind:?}");
                }
            }
        }
    }
}
