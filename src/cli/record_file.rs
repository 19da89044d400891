//! Saving a game record through a temporary file and a rename, so that a failed
//! write never leaves a broken record behind, and a record that cannot be written is
//! an error before the game, not after it.

use anyhow::{bail, Context, Result};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Where a record will be saved: a temporary file made beside it before the game
/// starts (so a directory that cannot be written is an error then, not after the
/// game), renamed over the record when the game ends.
pub struct RecordFile {
    path: PathBuf,
    temp: tempfile::NamedTempFile,
}

impl RecordFile {
    /// Makes the temporary file beside `path`; fails when it cannot be written there.
    pub fn create(path: &Path) -> Result<RecordFile> {
        if path.is_dir() {
            bail!(
                "{}: cannot save the game record: it is a directory",
                path.display()
            );
        }
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        if !dir.is_dir() {
            bail!(
                "{}: cannot save the game record: there is no directory {}",
                path.display(),
                dir.display()
            );
        }
        let mut builder = tempfile::Builder::new();
        builder.prefix(".ludolog-record");
        // a new record gets the usual permissions (the umask's), not a temporary
        // file's owner-only ones
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        let temp = builder.tempfile_in(&dir).map_err(|e| {
            anyhow::anyhow!(
                "{}: cannot save the game record: cannot write in {} ({})",
                path.display(),
                dir.display(),
                std::io::Error::from(e.kind())
            )
        })?;
        Ok(RecordFile {
            path: path.to_path_buf(),
            temp,
        })
    }

    /// Writes the record and renames it over the file; the old file is kept intact
    /// when anything fails.
    pub fn save(mut self, text: &str) -> Result<()> {
        let context = || format!("{}: cannot save the game record", self.path.display());
        self.temp.write_all(text.as_bytes()).with_context(context)?;
        self.temp.as_file().sync_all().with_context(context)?;
        // a record saved over keeps its permissions
        if let Ok(meta) = std::fs::metadata(&self.path) {
            self.temp
                .as_file()
                .set_permissions(meta.permissions())
                .with_context(context)?;
        }
        self.temp
            .persist(&self.path)
            .map_err(|e| e.error)
            .with_context(context)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_replaces_the_old_one_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.txt");
        std::fs::write(&path, "old").unwrap();
        let file = RecordFile::create(&path).unwrap();
        file.save("new\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new\n");
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temporary file left"
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let fresh = dir.path().join("fresh.txt");
            RecordFile::create(&fresh).unwrap().save("x").unwrap();
            let plain = dir.path().join("plain.txt");
            std::fs::write(&plain, "x").unwrap();
            let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
            assert_eq!(
                mode(&fresh),
                mode(&plain),
                "a new record has the usual permissions"
            );
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
            RecordFile::create(&path).unwrap().save("y").unwrap();
            assert_eq!(mode(&path), 0o600, "the old record's permissions are kept");
        }
        let missing = dir.path().join("no/such/dir/game.txt");
        let err = RecordFile::create(&missing).err().unwrap().to_string();
        assert!(err.contains("there is no directory"), "{err}");
        let err = RecordFile::create(dir.path()).err().unwrap().to_string();
        assert!(err.ends_with("it is a directory"), "{err}");
    }
}
