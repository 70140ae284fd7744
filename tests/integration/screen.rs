//! Reading what the editor put on screen, for tests of what is drawn: the textures it uploaded
//! (as a renderer receives them) and the shapes it painted in the last frame.

use egui::epaint::textures::TexturesDelta;
use egui::epaint::{ClippedShape, ColorImage, Shape, TextureId};
use egui::{Color32, Pos2, Rect};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// A renderer for the harness that keeps every texture the app uploads, with its partial
/// updates applied: the images the GPU would hold.
#[derive(Clone, Default)]
pub struct Uploads(Rc<RefCell<HashMap<TextureId, ColorImage>>>);

impl egui_kittest::TestRenderer for Uploads {
    fn handle_delta(&mut self, delta: &mut TexturesDelta) {
        let mut textures = self.0.borrow_mut();
        for (id, deltas) in &delta.set {
            for d in deltas {
                let egui::ImageData::Color(patch) = &d.image;
                match d.pos {
                    None => {
                        textures.insert(*id, ColorImage::clone(patch));
                    }
                    Some([x0, y0]) => {
                        let image = textures.get_mut(id).expect("a patch of a texture uploaded before");
                        let [w, h] = patch.size;
                        for y in 0..h {
                            let row = (y0 + y) * image.size[0] + x0;
                            image.pixels[row..row + w].copy_from_slice(&patch.pixels[y * w..(y + 1) * w]);
                        }
                    }
                }
            }
        }
        for id in &delta.free {
            textures.remove(id);
        }
        delta.clear();
    }
}

impl Uploads {
    /// Texel `(x, y)` of texture `id` as uploaded, if the texture is alive and that big.
    pub fn texel(&self, id: TextureId, x: usize, y: usize) -> Option<Color32> {
        let textures = self.0.borrow();
        let image = textures.get(&id)?;
        (x < image.size[0] && y < image.size[1]).then(|| image.pixels[y * image.size[0] + x])
    }
}

/// The shapes of one frame, nested ones flattened, with their clip rectangles dropped.
pub struct Painted(Vec<Shape>);

impl Painted {
    pub fn of(shapes: &[ClippedShape]) -> Self {
        fn flatten(s: &Shape, out: &mut Vec<Shape>) {
            match s {
                Shape::Vec(v) => v.iter().for_each(|s| flatten(s, out)),
                s => out.push(s.clone()),
            }
        }
        let mut out = Vec::new();
        shapes.iter().for_each(|c| flatten(&c.shape, &mut out));
        Self(out)
    }

    /// The straight line segments stroked in `colour`.
    pub fn segments(&self, colour: Color32) -> Vec<[Pos2; 2]> {
        self.0
            .iter()
            .filter_map(|s| match s {
                Shape::LineSegment { points, stroke } if stroke.color == colour => Some(*points),
                _ => None,
            })
            .collect()
    }

    /// The centres of circles filled with `colour`.
    pub fn discs(&self, colour: Color32) -> Vec<Pos2> {
        self.0
            .iter()
            .filter_map(|s| match s {
                Shape::Circle(c) if c.fill == colour => Some(c.center),
                _ => None,
            })
            .collect()
    }

    /// The centres of circle outlines stroked in `colour` (and not filled).
    pub fn rings(&self, colour: Color32) -> Vec<Pos2> {
        self.0
            .iter()
            .filter_map(|s| match s {
                Shape::Circle(c) if c.stroke.color == colour && c.fill == Color32::TRANSPARENT => Some(c.center),
                _ => None,
            })
            .collect()
    }

    /// Rectangles filled with `colour`.
    pub fn filled(&self, colour: Color32) -> Vec<Rect> {
        self.0
            .iter()
            .filter_map(|s| match s {
                Shape::Rect(r) if r.fill == colour => Some(r.rect),
                _ => None,
            })
            .collect()
    }

    /// Rectangles outlined in `colour`.
    pub fn outlined(&self, colour: Color32) -> Vec<Rect> {
        self.0
            .iter()
            .filter_map(|s| match s {
                Shape::Rect(r) if r.stroke.color == colour => Some(r.rect),
                _ => None,
            })
            .collect()
    }

    /// The rectangles the text `text` was painted in.
    pub fn text_rects(&self, text: &str) -> Vec<Rect> {
        self.0
            .iter()
            .filter_map(|s| match s {
                Shape::Text(t) if t.galley.text() == text => Some(Rect::from_min_size(t.pos, t.galley.size())),
                _ => None,
            })
            .collect()
    }

    /// Where the text `text` was painted (its galleys' top-left corners).
    pub fn text(&self, text: &str) -> Vec<Pos2> {
        self.0
            .iter()
            .filter_map(|s| match s {
                Shape::Text(t) if t.galley.text() == text => Some(t.pos),
                _ => None,
            })
            .collect()
    }
}

/// Whether two screen rectangles are the same, to a hundredth of a point.
pub fn same_rect(a: Rect, b: Rect) -> bool {
    (a.min - b.min).length() < 0.01 && (a.max - b.max).length() < 0.01
}
