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
            ViewCommand::Play(on) => self.set_playing(on),
            ViewCommand::PlayHeat(on) => self.play_heat(on),
            ViewCommand::PlayStep(dx, dy) => self.play_step(dx, dy),
            ViewCommand::PlayBot(bot) => {
                if let Some(p) = &mut self.play {
                    p.set_bot(bot);
                }
            }
            ViewCommand::SetPlay(prefs) => {
                self.prefs.play = prefs;
                if let Some(p) = &mut self.play {
                    p.play.set_settings(prefs.settings());
                    p.refog();
                }
            }
        }
    }
}
