//! View commands: zoom, pan, fit, layers, and the editing tool in hand.

use super::super::DelveApp;
use super::super::command::ViewCommand;

impl DelveApp {
    pub(super) fn handle_view(&mut self, c: ViewCommand) {
        match c {
            ViewCommand::SetLayers(l) => self.prefs.layers = l,
            ViewCommand::Camera(v) => self.view.command(v),
            ViewCommand::SetTool(t) => self.tools.select_tool(t),
            ViewCommand::ResizeBrush(bigger) => self.tools.resize_brush(bigger),
        }
    }
}
