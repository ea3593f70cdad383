//! Match games written as PDN: the tags a match knows (event, date, round, players,
//! time control, how the game ended) and the moves with the engines' scores.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use super::game::{Limit, PlayedGame};
use crate::rules::{PdnGame, PdnMove, PdnResult};

/// The `Event` tag of match games.
pub const EVENT: &str = "crownhead match";

/// A PDN file that match games are appended to as they finish.
pub struct PdnRecorder {
    file: File,
    date: String,
    time_control: String,
}

impl PdnRecorder {
    /// Opens `path` for appending (creating it if need be) for games played under `limit`.
    ///
    /// # Errors
    /// When the file cannot be opened.
    pub fn open(path: &Path, limit: &Limit) -> io::Result<PdnRecorder> {
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        let seconds = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |since| since.as_secs());
        Ok(PdnRecorder { file, date: pdn_date(seconds), time_control: limit.to_string() })
    }

    /// Appends game `index` (from 0) between `players` (White's name, Black's), and
    /// flushes it to the file.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn write(&mut self, index: u64, players: [&str; 2], played: &PlayedGame) -> io::Result<()> {
        let pdn = pdn_game(played, index + 1, players, &self.date, &self.time_control);
        self.file.write_all(pdn.to_pdn().as_bytes())?;
        self.file.flush()
    }
}

/// A match game as PDN: Event, Date, Round, White, Black, TimeControl and Termination
/// tags (the writer adds Result, GameType and FEN), every move with its comment.
pub fn pdn_game(
    played: &PlayedGame,
    round: u64,
    players: [&str; 2],
    date: &str,
    time_control: &str,
) -> PdnGame {
    let mut pdn = PdnGame::new(*played.game.start());
    for (name, value) in [
        ("Event", EVENT),
        ("Date", date),
        ("Round", &round.to_string()),
        ("White", players[0]),
        ("Black", players[1]),
        ("TimeControl", time_control),
        ("Termination", &played.termination.to_string()),
    ] {
        pdn.set_tag(name, value);
    }
    pdn.moves = played
        .game
        .moves()
        .iter()
        .zip(&played.comments)
        .map(|(&mv, comment)| PdnMove { comment: comment.clone(), ..PdnMove::new(mv) })
        .collect();
    pdn.result = played.winner.map_or(PdnResult::Draw, PdnResult::Win);
    pdn
}

/// The UTC date `seconds` after the Unix epoch as PDN writes dates: `2024.02.29`.
pub fn pdn_date(seconds: u64) -> String {
    // Howard Hinnant's civil-from-days: days counted from 0000-03-01 in 400-year eras.
    let days = (seconds / 86_400) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days - era * 146_097;
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 { month_from_march + 3 } else { month_from_march - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pdn_dates_are_utc_calendar_days() {
        assert_eq!(pdn_date(0), "1970.01.01");
        assert_eq!(pdn_date(951_782_400), "2000.02.29");
        assert_eq!(pdn_date(1_704_067_199), "2023.12.31");
        assert_eq!(pdn_date(1_704_067_200), "2024.01.01");
        assert_eq!(pdn_date(4_107_542_400), "2100.03.01");
    }
}
