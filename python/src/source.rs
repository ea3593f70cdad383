//! The text a reading function is given: a path (a `str` naming a file that exists, or a
//! `pathlib.Path`) or the text itself, as `read_pdn` and `read_puzzles` take it.

use std::path::{Path, PathBuf};

use pyo3::prelude::*;
use pyo3::types::PyString;

/// Text to read, and the file it came from, if any (for error messages).
pub struct Source {
    /// The text.
    pub text: String,
    /// The file it was read from; `None` for text given as it is.
    pub path: Option<PathBuf>,
}

impl Source {
    /// The text of `source`: a `str` is read as a path when a file of that name exists,
    /// else as the text itself; anything else must be a path. Raises OSError naming the
    /// file for one that cannot be read, or that is not a regular file (a FIFO, a device,
    /// a directory), refused before it is opened.
    pub fn read(source: &Bound<'_, PyAny>) -> PyResult<Source> {
        let path = match source.cast::<PyString>() {
            Ok(text) => {
                let text = text.to_cow()?;
                let is_file = !text.contains('\n') && text.len() < 4096 && Path::new(text.as_ref()).is_file();
                if !is_file {
                    return Ok(Source { text: text.into_owned(), path: None });
                }
                PathBuf::from(text.as_ref())
            }
            Err(_) => source.extract::<PathBuf>()?,
        };
        let text = crownhead::regular_file::read_to_string(&path)
            .map_err(|error| std::io::Error::new(error.kind(), format!("{}: {error}", path.display())))?;
        Ok(Source { text, path: Some(path) })
    }

    /// `error`'s message, after the file's name when the text came from a file.
    pub fn located(&self, error: impl std::fmt::Display) -> String {
        match &self.path {
            Some(path) => format!("{}: {error}", path.display()),
            None => error.to_string(),
        }
    }
}
