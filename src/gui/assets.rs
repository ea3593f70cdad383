//! The page's files, built into the binary from `src/gui/page/`: the page needs nothing
//! but the binary, and no network.

/// A file of the page.
#[derive(Clone, Copy, Debug)]
pub struct Asset {
    /// Its name under `/page/`.
    pub name: &'static str,
    /// Its media type.
    pub content_type: &'static str,
    /// Its text.
    pub contents: &'static str,
}

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

/// Every file of the page.
pub const ASSETS: [Asset; 9] = [
    Asset { name: "index.html", content_type: HTML, contents: include_str!("page/index.html") },
    Asset { name: "style.css", content_type: CSS, contents: include_str!("page/style.css") },
    Asset { name: "app.js", content_type: JS, contents: include_str!("page/app.js") },
    Asset { name: "api.js", content_type: JS, contents: include_str!("page/api.js") },
    Asset { name: "board.js", content_type: JS, contents: include_str!("page/board.js") },
    Asset { name: "game.js", content_type: JS, contents: include_str!("page/game.js") },
    Asset { name: "engine.js", content_type: JS, contents: include_str!("page/engine.js") },
    Asset { name: "editor.js", content_type: JS, contents: include_str!("page/editor.js") },
    Asset { name: "pdn.js", content_type: JS, contents: include_str!("page/pdn.js") },
];

/// The file named `name`, if the page has it.
pub fn find(name: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|asset| asset.name == name)
}
