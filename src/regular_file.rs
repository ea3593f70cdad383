//! The files crownhead reads whole (a network, an opening book, a PDN, a puzzle or
//! opening file, a puzzle record, a database) must be regular files, and this is checked
//! before they are opened: opening a FIFO waits for a writer that may never come, a
//! device such as `/dev/zero` never ends, and a directory is no file.

use std::fs::FileType;
use std::io;
use std::path::Path;

/// An error unless `path` names a regular file (or a link to one), found without
/// opening it.
///
/// # Errors
/// The path cannot be looked at (it does not exist, say), or it names something else:
/// an error of kind `InvalidInput` saying what, as `a named pipe (FIFO), not a regular
/// file`.
pub fn check(path: &Path) -> io::Result<()> {
    let kind = std::fs::metadata(path)?.file_type();
    if kind.is_file() {
        return Ok(());
    }
    Err(io::Error::new(io::ErrorKind::InvalidInput, format!("{}, not a regular file", what(kind))))
}

/// The bytes of the regular file at `path`, refused before it is opened if it is none.
///
/// # Errors
/// As [`check`], or the file cannot be read.
pub fn read(path: &Path) -> io::Result<Vec<u8>> {
    check(path)?;
    std::fs::read(path)
}

/// The text of the regular file at `path`, refused before it is opened if it is none.
///
/// # Errors
/// As [`check`], or the file cannot be read or is not UTF-8.
pub fn read_to_string(path: &Path) -> io::Result<String> {
    check(path)?;
    std::fs::read_to_string(path)
}

/// What a file of this kind is, in words.
#[cfg(unix)]
fn what(kind: FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_dir() {
        "a directory"
    } else if kind.is_fifo() {
        "a named pipe (FIFO)"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "something else"
    }
}

/// What a file of this kind is, in words.
#[cfg(not(unix))]
fn what(kind: FileType) -> &'static str {
    if kind.is_dir() { "a directory" } else { "something else" }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The error's text for `path`.
    fn refusal(path: &Path) -> String {
        let error = check(path).expect_err("refused");
        assert_eq!(error.kind(), io::ErrorKind::InvalidInput, "{}: {error}", path.display());
        error.to_string()
    }

    #[test]
    fn only_a_regular_file_passes() {
        let dir = std::env::temp_dir().join(format!("crownhead-regular-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        let file = dir.join("file");
        std::fs::write(&file, b"bytes").expect("written");
        assert!(check(&file).is_ok());
        assert_eq!(refusal(&dir), "a directory, not a regular file");
        #[cfg(unix)]
        {
            assert_eq!(refusal(Path::new("/dev/zero")), "a character device, not a regular file");
            let fifo = dir.join("fifo");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
            assert!(made.success());
            assert_eq!(refusal(&fifo), "a named pipe (FIFO), not a regular file");
            let link = dir.join("link");
            std::os::unix::fs::symlink(&file, &link).expect("a link");
            assert!(check(&link).is_ok(), "a link to a regular file is one");
        }
        let missing = check(&dir.join("missing")).expect_err("no such file");
        assert_eq!(missing.kind(), io::ErrorKind::NotFound);
        std::fs::remove_dir_all(&dir).expect("removed");
    }
}
