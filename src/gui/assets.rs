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
pub const ASSETS: [Asset; 20] = [
    Asset { name: "index.html", content_type: HTML, contents: include_str!("page/index.html") },
    Asset { name: "style.css", content_type: CSS, contents: include_str!("page/style.css") },
    Asset { name: "app.js", content_type: JS, contents: include_str!("page/app.js") },
    Asset { name: "api.js", content_type: JS, contents: include_str!("page/api.js") },
    Asset { name: "board.js", content_type: JS, contents: include_str!("page/board.js") },
    Asset { name: "game.js", content_type: JS, contents: include_str!("page/game.js") },
    Asset { name: "input.js", content_type: JS, contents: include_str!("page/input.js") },
    Asset { name: "clock.js", content_type: JS, contents: include_str!("page/clock.js") },
    Asset { name: "engine.js", content_type: JS, contents: include_str!("page/engine.js") },
    Asset { name: "editor.js", content_type: JS, contents: include_str!("page/editor.js") },
    Asset { name: "pdn.js", content_type: JS, contents: include_str!("page/pdn.js") },
    Asset { name: "collection.js", content_type: JS, contents: include_str!("page/collection.js") },
    Asset { name: "explorer.js", content_type: JS, contents: include_str!("page/explorer.js") },
    Asset { name: "tree.js", content_type: JS, contents: include_str!("page/tree.js") },
    Asset { name: "treeview.js", content_type: JS, contents: include_str!("page/treeview.js") },
    Asset { name: "treeedit.js", content_type: JS, contents: include_str!("page/treeedit.js") },
    Asset { name: "duel.js", content_type: JS, contents: include_str!("page/duel.js") },
    Asset { name: "picture.js", content_type: JS, contents: include_str!("page/picture.js") },
    Asset { name: "lessons.js", content_type: JS, contents: include_str!("page/lessons.js") },
    Asset { name: "puzzles.js", content_type: JS, contents: include_str!("page/puzzles.js") },
];

/// The file named `name`, if the page has it.
pub fn find(name: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|asset| asset.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names after each `marker` in `text`, up to the closing quote.
    fn names_after<'a>(text: &'a str, marker: &str) -> Vec<&'a str> {
        text.split(marker).skip(1).filter_map(|rest| rest.split(['\'', '"']).next()).collect()
    }

    #[test]
    fn every_file_the_page_loads_is_built_in() {
        let html = find("index.html").expect("the page").contents;
        let mut loaded = names_after(html, "/page/");
        for asset in ASSETS.iter().filter(|asset| asset.name.ends_with(".js")) {
            loaded.extend(names_after(asset.contents, "from './"));
        }
        assert!(loaded.contains(&"app.js") && loaded.contains(&"clock.js"), "{loaded:?}");
        for name in loaded {
            assert!(find(name).is_some(), "{name} is loaded but not in ASSETS");
        }
        // And nothing is built in that the page never loads.
        for asset in &ASSETS {
            let used = asset.name == "index.html"
                || html.contains(&format!("/page/{}", asset.name))
                || ASSETS.iter().any(|other| other.contents.contains(&format!("from './{}'", asset.name)));
            assert!(used, "{} is built in but never loaded", asset.name);
        }
    }
}
