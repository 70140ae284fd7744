//! View commands: zoom, pan, fit, layers, and the editing tool in hand.

use super::super::DelveApp;
use super::super::command::Command;

impl DelveApp {
    pub(super) fn handle_view(&mut self, c: Command) {
        match c {
            Command::SetLayers(l) => self.view.layers = l,
            Command::View(v) => self.view.command(v),
            Command::SetTool(t) => self.tools.select_tool(t),
            Command::ResizeBrush(bigger) => self.tools.resize_brush(bigger),
            _ => {}
        }
    }
}
