//! [`TilePath`], a corridor's cells in walking order.
//!
//! A generated map's corridors keep their cells in one buffer that they share, so that making
//! a map costs one allocation for all its corridors' cells rather than one per corridor, and
//! copying a map (undo, the seed browser) copies no cells. A path that is changed (an edit, a
//! resize) gets cells of its own first. Either way it reads as a slice of [`Pos`], and compares,
//! prints and is written like one.

use crate::geom::Pos;
use std::fmt;
use std::ops::{Deref, Range};
use std::sync::Arc;

/// A corridor's cells: its own, or a range of a buffer shared with the other corridors of the
/// map it was generated with. Reads as `&[Pos]`; [`TilePath::to_mut`] gives the cells to change.
#[derive(Clone, Default)]
pub struct TilePath {
    /// The path's own cells; empty while it reads from `shared`.
    own: Vec<Pos>,
    /// The shared buffer and the range of it that is the path.
    shared: Option<(Arc<[Pos]>, u32, u32)>,
}

/// Cells that the paths of a map's corridors share: made once, each path a range of them.
#[derive(Clone, Debug)]
pub struct SharedCells(Arc<[Pos]>);

impl SharedCells {
    /// One copy of `cells` for paths to share.
    pub fn new(cells: &[Pos]) -> Self {
        SharedCells(Arc::from(cells))
    }

    /// The path of cells `range` (empty when the range is backwards or beyond the cells).
    pub fn path(&self, range: Range<usize>) -> TilePath {
        match (u32::try_from(range.start), u32::try_from(range.end)) {
            (Ok(start), Ok(end)) if start <= end && range.end <= self.0.len() => {
                TilePath { own: Vec::new(), shared: Some((Arc::clone(&self.0), start, end)) }
            }
            _ => TilePath::default(),
        }
    }
}

impl TilePath {
    /// The cells to change: the path's own, copied out of a shared buffer first.
    pub fn to_mut(&mut self) -> &mut Vec<Pos> {
        if self.shared.is_some() {
            self.own = self.to_vec();
            self.shared = None;
        }
        &mut self.own
    }

    /// The cells as a vector of their own.
    #[cfg(test)]
    pub(crate) fn into_vec(mut self) -> Vec<Pos> {
        std::mem::take(self.to_mut())
    }
}

impl Deref for TilePath {
    type Target = [Pos];

    fn deref(&self) -> &[Pos] {
        match &self.shared {
            None => &self.own,
            Some((buffer, start, end)) => buffer.get(*start as usize..*end as usize).unwrap_or_default(),
        }
    }
}

impl From<Vec<Pos>> for TilePath {
    fn from(v: Vec<Pos>) -> Self {
        TilePath { own: v, shared: None }
    }
}

impl From<&[Pos]> for TilePath {
    fn from(v: &[Pos]) -> Self {
        TilePath::from(v.to_vec())
    }
}

impl<const N: usize> From<[Pos; N]> for TilePath {
    fn from(v: [Pos; N]) -> Self {
        TilePath::from(v.to_vec())
    }
}

impl FromIterator<Pos> for TilePath {
    fn from_iter<I: IntoIterator<Item = Pos>>(iter: I) -> Self {
        TilePath::from(iter.into_iter().collect::<Vec<_>>())
    }
}

impl<'a> IntoIterator for &'a TilePath {
    type Item = &'a Pos;
    type IntoIter = std::slice::Iter<'a, Pos>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl PartialEq for TilePath {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for TilePath {}

impl std::hash::Hash for TilePath {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

impl PartialEq<TilePath> for Vec<Pos> {
    fn eq(&self, other: &TilePath) -> bool {
        **self == **other
    }
}

impl PartialEq<Vec<Pos>> for TilePath {
    fn eq(&self, other: &Vec<Pos>) -> bool {
        **self == **other
    }
}

impl PartialEq<[Pos]> for TilePath {
    fn eq(&self, other: &[Pos]) -> bool {
        **self == *other
    }
}

impl<const N: usize> PartialEq<[Pos; N]> for TilePath {
    fn eq(&self, other: &[Pos; N]) -> bool {
        **self == other[..]
    }
}

/// Printed as its list of cells, exactly as a `Vec<Pos>` prints.
impl fmt::Debug for TilePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(n: i32) -> Vec<Pos> {
        (0..n).map(|x| Pos::new(x, 2 * x)).collect()
    }

    #[test]
    fn shared_paths_read_compare_and_print_as_their_cells() {
        let all = cells(10);
        let shared = SharedCells::new(&all);
        let backwards = std::ops::Range { start: 5, end: 2 };
        let paths = [0..3, 3..3, 3..10, 4..11, backwards].map(|r| shared.path(r));
        assert_eq!(&paths[0][..], &all[..3]);
        assert!(paths[1].is_empty());
        assert_eq!(paths[2], all[3..].to_vec());
        // Out of the buffer, or backwards: empty, never a panic.
        assert!(paths[3].is_empty() && paths[4].is_empty());
        let own = TilePath::from(all[..3].to_vec());
        assert_eq!(paths[0], own);
        assert_eq!(format!("{:?}", paths[0]), format!("{:?}", all[..3].to_vec()));
        assert_eq!(format!("{own:#?}"), format!("{:#?}", all[..3].to_vec()));
    }

    #[test]
    fn changing_a_shared_path_leaves_the_others_as_they_were() {
        let all = cells(6);
        let shared = SharedCells::new(&all);
        let mut paths = [shared.path(0..3), shared.path(3..6)];
        let copy = paths.clone();
        paths[0].to_mut().push(Pos::new(9, 9));
        paths[1].to_mut()[0] = Pos::new(7, 7);
        assert_eq!(paths[0].len(), 4);
        assert_eq!(paths[0][3], Pos::new(9, 9));
        assert_eq!(paths[1][0], Pos::new(7, 7));
        assert_eq!(copy[0], all[..3].to_vec(), "a copy keeps the shared cells");
        assert_eq!(copy[1], all[3..].to_vec());
        assert_eq!(copy[1].clone().into_vec(), all[3..].to_vec());
    }
}
