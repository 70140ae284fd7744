//! A generator written as its stages, each with its parameters: the second form of
//! [`GeneratorParams`] in files, for a preset whose stage list differs from its generator's
//! standard one.
//!
//! ```ron
//! generator: Stages([
//!     PlaceRooms((width: 80, height: 45, room_size: (min: 6, max: 10), max_rooms: 30)),
//!     DigTunnels((tunnel_from: PreviousRoom)),
//!     Spawn,
//!     Off(ColoursApart),
//! ]),
//! ```
//!
//! Each stage takes the parameters it reads (any left out take the generator's default) and
//! only those; `Off(…)` keeps a stage listed, with its parameters, but turned off. The stages
//! say which generator the list is of. A list that is the generator's standard one is written
//! in the first form (`RoomsAndTunnels((…))`, `GrownRooms((…))`), exactly as before stage lists
//! existed; both forms read.

use super::stages::{Stage, StageEntry, StageList};
use super::vaults::Vaults;
use super::{GeneratorKind, GeneratorParams, RoleRules};
use serde::{Deserialize, Serialize};

/// [`Form`] over the list of families, and its way to and from [`GeneratorParams`] in the
/// first form.
macro_rules! define_form {
    (; $($(#[$doc:meta])* $v:ident($m:ident) $sv:ident($st:ident) [$($s:ident),*] [$($u:ident),*],)*) => {
        /// The generator and every one of its parameters, as files hold them: one generator's
        /// parameters, or its list of stages with theirs.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[serde(rename = "GeneratorParams")]
        pub(super) enum Form {
            $($(#[$doc])* $v($crate::generate::$m::$v),)*
            /// A generator as its list of stages, each with its parameters.
            Stages(Vec<StageBlock>),
        }

        impl Form {
            /// The parameters in the first form; the blocks of the second.
            fn first(self) -> Result<GeneratorParams, Vec<StageBlock>> {
                match self {
                    $(Form::$v(p) => Ok(GeneratorParams::$v(p)),)*
                    Form::Stages(blocks) => Err(blocks),
                }
            }

            /// `params` in the first form.
            fn of(params: GeneratorParams) -> Form {
                match params {
                    $(GeneratorParams::$v(p) => Form::$v(p),)*
                }
            }
        }

        /// One stage in a file, with its parameters (a family's stage with those it reads, as
        /// its family declares them: `generate/<family>/stages.rs`).
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        pub(super) enum StageBlock {
            $($($s($crate::generate::$m::stages::$s),)* $($u,)*)*
            Passages,
            Beside(Option<Box<super::beside::Beside>>),
            Vaults(Vaults),
            Roles(RoleRules),
            Markers(super::markers::Markers),
            ColoursApart,
            /// A stage listed, with its parameters, but turned off.
            Off(Box<StageBlock>),
        }

        impl StageBlock {
            /// The stage, and whether it is on.
            fn entry(&self) -> StageEntry {
                let stage = match self {
                    $($(StageBlock::$s(_) => Stage::$s,)* $(StageBlock::$u => Stage::$u,)*)*
                    StageBlock::Passages => Stage::Passages,
                    StageBlock::Beside(_) => Stage::Beside,
                    StageBlock::Vaults(_) => Stage::Vaults,
                    StageBlock::Roles(_) => Stage::Roles,
                    StageBlock::Markers(_) => Stage::Markers,
                    StageBlock::ColoursApart => Stage::ColoursApart,
                    StageBlock::Off(inner) => return StageEntry { on: false, ..inner.entry() },
                };
                StageEntry::on(stage)
            }

            /// `entry`'s stage with its parameters from `params` (`None` for a stage the
            /// generator does not have).
            fn of(entry: StageEntry, params: &GeneratorParams) -> Option<StageBlock> {
                use GeneratorParams as G;
                if !params.kind().stages().contains(&entry.stage) {
                    return None;
                }
                let block = match (entry.stage, params) {
                    $(
                        $((Stage::$s, G::$v(p)) => StageBlock::$s($crate::generate::$m::stages::$s::of(p)),)*
                        $((Stage::$u, G::$v(_)) => StageBlock::$u,)*
                    )*
                    (Stage::Passages, _) => StageBlock::Passages,
                    (Stage::Beside, p) => StageBlock::Beside(p.beside().cloned().map(Box::new)),
                    (Stage::Vaults, p) => StageBlock::Vaults(p.vaults().clone()),
                    (Stage::Roles, p) => StageBlock::Roles(p.roles().clone()),
                    (Stage::Markers, p) => StageBlock::Markers(p.markers().clone()),
                    (Stage::ColoursApart, _) => StageBlock::ColoursApart,
                    _ => return None,
                };
                Some(if entry.on { block } else { StageBlock::Off(Box::new(block)) })
            }

            /// Writes its parameters into `params`, of the generator the list is of.
            fn write(self, params: &mut GeneratorParams) {
                use GeneratorParams as G;
                match (self, params) {
                    $($((StageBlock::$s(b), G::$v(p)) => b.write(p),)*)*
                    (StageBlock::Beside(beside), p) => *p.beside_mut() = beside,
                    (StageBlock::Vaults(vaults), p) => *p.vaults_mut() = vaults,
                    (StageBlock::Roles(rules), p) => *p.roles_mut() = rules,
                    (StageBlock::Markers(markers), p) => *p.markers_mut() = markers,
                    (StageBlock::Off(inner), p) => inner.write(p),
                    _ => {}
                }
            }
        }
    };
}
super::family::families!(define_form);

/// The generators that have `stage`.
fn generators_of(stage: Stage) -> impl Iterator<Item = GeneratorKind> {
    GeneratorKind::ALL.iter().copied().filter(move |&k| Stage::listable(k).any(|s| s == stage))
}

/// Each family's first stage, the one that makes its rooms, in words: "PlaceRooms (rooms and
/// tunnels), …, or MazeRooms (rooms and mazes)".
fn first_stages() -> String {
    let each: Vec<String> = GeneratorKind::ALL
        .iter()
        .map(|k| format!("{} ({})", k.stages()[0].name(), crate::words::lower_first(k.label())))
        .collect();
    match each.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

impl TryFrom<Form> for GeneratorParams {
    type Error = String;

    fn try_from(form: Form) -> Result<GeneratorParams, String> {
        let blocks = match form.first() {
            Ok(params) => return Ok(params),
            Err(blocks) => blocks,
        };
        let entries: Vec<StageEntry> = blocks.iter().map(StageBlock::entry).collect();
        // The generator is the one of the first stage only one generator has.
        let (first, kind) = entries
            .iter()
            .find_map(|e| {
                let mut of = generators_of(e.stage);
                match (of.next(), of.next()) {
                    (Some(kind), None) => Some((e.stage, kind)),
                    _ => None,
                }
            })
            .ok_or_else(|| format!("a list of stages needs the stage that makes the rooms: {}", first_stages()))?;
        for (i, e) in entries.iter().enumerate() {
            if !generators_of(e.stage).any(|k| k == kind) {
                return Err(format!(
                    "{} is not a stage of {}, which this list is (it has {}): remove it",
                    e.stage.name(),
                    kind.label(),
                    first.name()
                ));
            }
            if entries[..i].iter().any(|o| o.stage == e.stage) {
                return Err(format!("{} is listed twice: remove one", e.stage.name()));
            }
        }
        let mut params = kind.default_params();
        for block in blocks {
            block.write(&mut params);
        }
        *params.stages_mut() = StageList::of(kind, entries);
        Ok(params)
    }
}

impl From<GeneratorParams> for Form {
    fn from(params: GeneratorParams) -> Form {
        let stages = params.stages();
        if !stages.is_standard() {
            let entries = stages.entries(params.kind());
            return Form::Stages(entries.into_iter().filter_map(|e| StageBlock::of(e, &params)).collect());
        }
        Form::of(params)
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for GeneratorParams {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "GeneratorParams".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        Form::json_schema(generator)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{GrownRooms, Params, RoomsAndTunnels};

    fn read(text: &str) -> Result<GeneratorParams, ron::error::SpannedError> {
        ron::from_str(text)
    }

    fn write(params: &GeneratorParams) -> String {
        ron::ser::to_string_pretty(params, ron::ser::PrettyConfig::default()).expect("serialises")
    }

    fn with_list(mut params: GeneratorParams, entries: &[(Stage, bool)]) -> GeneratorParams {
        let kind = params.kind();
        *params.stages_mut() =
            StageList::of(kind, entries.iter().map(|&(stage, on)| StageEntry { stage, on }).collect());
        params
    }

    /// Every parameter of a generator is in exactly one stage's block, so a list of all its
    /// stages carries every one of them (the role rules in *roles*).
    #[test]
    fn the_blocks_carry_every_field_of_the_first_form() {
        for kind in GeneratorKind::ALL {
            let text = crate::params::on_each!(kind.default_params(), p => ron::to_string(&p)).expect("serialises");
            let value: ron::Value = ron::from_str(&text).expect("reads as a value");
            let ron::Value::Map(fields) = value else { panic!("{kind:?} is a struct: {text}") };
            let mut keys: Vec<String> = fields
                .keys()
                .map(|k| match k {
                    ron::Value::String(s) => s.clone(),
                    other => panic!("{other:?}"),
                })
                .collect();
            keys.sort();
            let mut listed: Vec<String> =
                Stage::listable(*kind).flat_map(|s| s.param_keys()).map(|k| k.to_string()).collect();
            listed.sort();
            assert_eq!(keys, listed, "{kind:?}");
        }
    }

    /// The standard list is written in the first form, as before; a changed one as its
    /// stages, and reads back equal, every parameter of every listed stage included.
    #[test]
    fn a_changed_list_is_written_as_stages_and_reads_back_equal() {
        use Stage::*;
        let mut rt = RoomsAndTunnels::mcrogueface();
        rt.common.roles = RoleRules::all(3, 1);
        let rt = GeneratorParams::RoomsAndTunnels(rt);
        assert!(write(&rt).starts_with("RoomsAndTunnels("), "{}", write(&rt));
        let grown = GeneratorParams::GrownRooms(GrownRooms {
            loops: 4,
            hall_weight: 2,
            share_doors: true,
            ..GrownRooms::default()
        });
        for params in [
            with_list(rt.clone(), &[(PlaceRooms, true), (Spawn, true), (DigTunnels, false), (Roles, true)]),
            with_list(
                rt,
                &[(PlaceRooms, true), (DigTunnels, true), (Spawn, true), (Roles, false), (ColoursApart, false)],
            ),
            with_list(grown, &[(Grow, true), (Doors, true), (Place, true), (Loops, false), (ColoursApart, true)]),
        ] {
            let text = write(&params);
            assert!(text.starts_with("Stages(["), "{text}");
            assert_eq!(read(&text).expect("reads"), params, "{text}");
            assert_eq!(params.check(), [], "{text}");
        }
    }

    #[test]
    fn a_hand_written_list_reads_with_defaults_for_what_it_leaves_out() {
        let text = "Stages([PlaceRooms((width: 60, max_rooms: 12)), Spawn, Off(DigTunnels((tunnel_width: 2))), Roles((entrance_exit: true))])";
        let params = read(text).expect("reads");
        let GeneratorParams::RoomsAndTunnels(p) = &params else { panic!("{params:?}") };
        let mut expected = RoomsAndTunnels { width: 60, max_rooms: 12, tunnel_width: 2, ..RoomsAndTunnels::default() };
        expected.common.roles = RoleRules { entrance_exit: true, ..RoleRules::default() };
        assert_eq!(p.get("width"), expected.get("width"));
        let mut standard = p.clone();
        standard.common.stages = StageList::standard();
        assert_eq!(standard, expected);
        let entries = p.common.stages.entries(GeneratorKind::RoomsAndTunnels);
        let order: Vec<(Stage, bool)> = entries.iter().map(|e| (e.stage, e.on)).collect();
        assert_eq!(
            order,
            [(Stage::PlaceRooms, true), (Stage::Spawn, true), (Stage::DigTunnels, false), (Stage::Roles, true)]
        );
        // The standard list written as stages reads as the first form does.
        let standard = "Stages([PlaceRooms(()), DigTunnels(()), Spawn, Beside(None), Vaults(()), Roles(()), Markers(()), ColoursApart])";
        assert_eq!(read(standard).expect("reads"), GeneratorParams::default());
    }

    #[test]
    fn a_list_that_cannot_be_read_says_where_and_why() {
        let cases = [
            (
                "Stages([PlaceRooms(()), Grow(())])",
                "Grow is not a stage of Rooms and tunnels, which this list is (it has Place rooms)",
            ),
            ("Stages([Spawn, Spawn, PlaceRooms(())])", "Spawn is listed twice"),
            ("Stages([Roles(()), ColoursApart])", "needs the stage that makes the rooms"),
            ("Stages([PlaceRooms(()),\n  DigTunnels((room_size: (min: 3, max: 4)))])", "room_size"),
        ];
        for (text, why) in cases {
            let err = read(text).expect_err(text);
            let shown = err.to_string();
            assert!(shown.contains(why), "{text}: {shown}");
            assert!(err.span.start.line >= 1 && err.span.start.col >= 1, "{shown}");
        }
        let err =
            read("Stages([PlaceRooms(()),\n  DigTunnels((room_size: (min: 3, max: 4)))])").expect_err("unknown field");
        assert_eq!(err.span.start.line, 2, "{err}");
    }
}
