//! The rule sets crownhead plays, as plain data.
//!
//! Every rule set is one [`Rules`] value; move generation, notation and the draw rules
//! read its fields and nothing else. Sources and the decisions behind each value are in
//! `RULES.md` at the top of the repository.

use std::fmt;
use std::str::FromStr;

use super::{Color, Geometry};

/// Declares the rule sets once, in the order they are listed to users: each entry is a
/// variant's doc comment, its name and the constant holding its [`Rules`]. From this one
/// list come the enum [`Variant`] (so `Variant as usize` is the position in the list),
/// [`Variant::ALL`] and the table behind [`Variant::rules`], so their orders cannot
/// differ; a compile-time check makes sure every rules constant names its own variant.
/// [`with_variant`](crate::with_variant) names the variants again but takes each index
/// from the enum, so its order does not matter and a missing variant does not compile.
macro_rules! rule_sets {
    ($($(#[doc = $doc:literal])* $variant:ident => $rules:ident,)*) => {
        /// A rule set offered by the engine.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Variant {
            $($(#[doc = $doc])* $variant,)*
        }

        impl Variant {
            /// Every rule set, in the order they are listed to users.
            pub const ALL: [Variant; [$(Variant::$variant),*].len()] = [$(Variant::$variant),*];
        }

        /// Indexed by `Variant as usize`, in the order of [`Variant::ALL`].
        static RULES: [Rules; Variant::ALL.len()] = [$($rules),*];

        // Every rules constant says which variant it is; it must be the one it is listed with.
        // A man crowned mid-capture goes on with no memory of the way it came, which only
        // rules keeping captured pieces on the board until the move ends allow.
        const _: () = {
            $(assert!(
                $rules.variant as usize == Variant::$variant as usize,
                concat!(stringify!($rules), " is not the rules of Variant::", stringify!($variant)),
            );
            assert!(
                !($rules.removed_as_jumped && matches!($rules.crowning, MidCaptureCrowning::ContinuesAsKing)),
                concat!(stringify!($rules), " crowns a man mid-capture as a king while removing pieces as jumped"),
            );)*
        };
    };
}

rule_sets! {
    /// English/American checkers (WCDF), the default.
    English => ENGLISH,
    /// English rules with the German 8x8 site's draw rules (25 moves without capture or
    /// crowning).
    English25 => ENGLISH_25,
    /// Italian draughts (FID).
    Italian => ITALIAN,
    /// Spanish draughts, flying kings.
    Spanish => SPANISH,
    /// Spanish draughts with kings that move one square, a site table option.
    SpanishShort => SPANISH_SHORT,
    /// Portuguese draughts (FPD).
    Portuguese => PORTUGUESE,
    /// Russian draughts (shashki).
    Russian => RUSSIAN,
    /// Brazilian draughts: International rules on 8x8.
    Brazilian => BRAZILIAN,
    /// American pool checkers (APCA).
    Pool => POOL,
    /// Czech draughts (ČFD).
    Czech => CZECH,
    /// The PlayOK (Kurnik) 8x8 rules.
    PlayOk => PLAYOK,
    /// International draughts on 10x10 (FMJD).
    International => INTERNATIONAL,
    /// Killer draughts: International, but a king whose capture ends by taking a king
    /// stops on the square right behind it.
    Killer => KILLER,
    /// Antidraughts (lidraughts; Hub `losing`): International's moves, and the side that
    /// cannot move, having lost or blocked every piece, wins.
    Antidraughts => ANTIDRAUGHTS,
    /// Breakthrough (lidraughts; Hub `bt`): International's moves, and the first side to
    /// crown a king wins.
    Breakthrough => BREAKTHROUGH,
    /// Frisian draughts (KNDB): pieces also capture along ranks and files, the capture of
    /// greatest value must be taken, and a king makes at most three quiet moves in a row
    /// while its side has men.
    Frisian => FRISIAN,
    /// Frysk! (lidraughts): Frisian rules from a start of five men a side on the back rank.
    Frysk => FRYSK,
    /// Turkish draughts (dama): every square of the 8x8 board is played, men move forward
    /// and sideways, kings fly along ranks and files, and captured pieces leave the board
    /// as they are jumped.
    Turkish => TURKISH,
}

impl Variant {
    /// The rules of this variant.
    #[inline]
    pub fn rules(self) -> &'static Rules {
        &RULES[self as usize]
    }

    /// The name used on the command line, in Hub and in PDN `Variant` tags.
    pub fn name(self) -> &'static str {
        self.rules().name
    }

    /// Other names the rule sets go by, read wherever a name is: American for English,
    /// and the names lidraughts-bot sends over Hub (`normal`, `losing`, `bt`) and
    /// lidraughts' own (`standard`).
    pub const ALIASES: &[(&'static str, Variant)] = &[
        ("american", Variant::English),
        ("standard", Variant::International),
        ("normal", Variant::International),
        ("losing", Variant::Antidraughts),
        ("bt", Variant::Breakthrough),
    ];
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A variant name that is not one of [`Variant::ALL`] or an accepted alias.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant '{0}' (known: {names})", names = Variant::ALL.map(Variant::name).join(", "))]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;

    /// Reads a variant name, case-insensitively; `american` is English, and `standard`
    /// and `normal` (pydraughts' and Scan's names) are International.
    fn from_str(name: &str) -> Result<Variant, UnknownVariant> {
        let lower = name.trim().to_ascii_lowercase();
        let by_alias =
            Variant::ALIASES.iter().find(|(alias, _)| *alias == lower).map(|&(_, variant)| variant);
        by_alias
            .or_else(|| Variant::ALL.into_iter().find(|variant| variant.name() == lower))
            .ok_or_else(|| UnknownVariant(name.to_string()))
    }
}

/// Which capture sequences a player may choose among when several are possible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precedence {
    /// Any sequence.
    Free,
    /// A sequence that captures the most pieces (kings count as men).
    MostPieces,
    /// The most pieces, then among those the most kings (Spanish, Portuguese).
    MostPiecesThenKings,
    /// Italian: the most pieces; then capture with a king; then the most kings; then the
    /// sequence that meets a king earliest.
    Italian,
    /// Czech: if a king can capture, a king must; otherwise any sequence.
    KingFirst,
    /// Frisian: the greatest value, a man counting 100 and a king 199 (more than a man,
    /// less than two); at equal value, a capture by a king.
    Frisian,
}

/// What happens when a man reaches the far rank in the middle of a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MidCaptureCrowning {
    /// It is crowned and the move ends there.
    EndsMove,
    /// It is crowned at once and goes on capturing as a king (Russian).
    ContinuesAsKing,
    /// It goes on capturing as a man; it is crowned only if the move ends there.
    ContinuesAsMan,
}

/// How square numbers are laid out on the real board (PDN GameType notation field).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numbering {
    /// Square 1 is on the far rank, seen from White (otherwise on White's first rank).
    pub from_top: bool,
    /// Numbers run right to left along each rank, seen from White.
    pub from_right: bool,
}

/// When the counter of a move-limit draw rule starts again from zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CounterReset {
    /// On any man move and on any capture (the usual "kings only" counter).
    ManMoveOrCapture,
    /// On a capture or a crowning only (German site and PlayOK rules).
    CaptureOrCrowning,
}

/// How a game is won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// A side that cannot move at its turn, having no piece left or every piece blocked,
    /// loses: the rule of every federation.
    TakeOrBlock,
    /// A side that cannot move at its turn wins (antidraughts).
    LoseEverything,
    /// The first side to crown a man wins; a side that cannot move at its turn loses
    /// (breakthrough). A position with a king on the board is over, so it has no moves.
    CrownFirst,
}

/// A move-limit draw: the game is drawn after `plies` half-moves without a reset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveLimit {
    /// Half-moves (a move by each side is two) that draw the game.
    pub plies: u16,
    /// What starts the count again.
    pub reset: CounterReset,
}

/// An endgame draw: a side with a lone king against `min_pieces..=max_pieces` pieces
/// (at least one of them a king, or all of them with `all_kings`) draws if the stronger
/// side has not won within `plies` half-moves of that material arising.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoneKingLimit {
    /// Fewest pieces of the stronger side for the rule to apply.
    pub min_pieces: u8,
    /// Most pieces of the stronger side for the rule to apply.
    pub max_pieces: u8,
    /// The stronger side's pieces must all be kings.
    pub all_kings: bool,
    /// Half-moves that draw the game.
    pub plies: u16,
}

/// The draw rules of a rule set (besides agreement, which engines never see).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRules {
    /// The third occurrence of a position with the same side to move is a draw.
    pub repetition: bool,
    /// One piece against one, men or kings, is a draw as soon as it arises (Turkish).
    pub one_piece_each: bool,
    /// The move-limit rule, if any.
    pub move_limit: Option<MoveLimit>,
    /// Lone-king endgame rules, checked in order.
    pub lone_king: &'static [LoneKingLimit],
}

/// Everything that distinguishes one rule set from another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The variant these rules belong to.
    pub variant: Variant,
    /// The name on the command line and in Hub.
    pub name: &'static str,
    /// The board.
    pub geometry: Geometry,
    /// The side that moves first from the start position.
    pub first_to_move: Color,
    /// Men may capture backward.
    pub men_capture_backward: bool,
    /// Kings move and capture any distance along a diagonal.
    pub flying_kings: bool,
    /// Men may capture kings (all but Italian).
    pub men_capture_kings: bool,
    /// Which capture sequences may be chosen.
    pub precedence: Precedence,
    /// A king whose capture ends by taking a king stops on the square right behind it,
    /// not further along (killer draughts).
    pub king_halts_behind_king: bool,
    /// Men and kings also capture along ranks and files, over the playing square two
    /// board squares away (Frisian), or over the next square (Turkish).
    pub orthogonal_captures: bool,
    /// Pieces move and capture along ranks and files only, never along a diagonal, and
    /// men move sideways as well as forward (Turkish).
    pub orthogonal_moves: bool,
    /// Each captured piece leaves the board as it is jumped, so a flying king may pass
    /// over its square later in the move; instead, a capture may not turn back the way
    /// it came (Turkish). Elsewhere captured pieces stay until the move ends, which
    /// forbids both by itself.
    pub removed_as_jumped: bool,
    /// The most quiet moves in a row one king may make while its side has men (Frisian:
    /// three); the position carries each side's count ([`KingRun`](super::KingRun)).
    pub king_quiet_moves: Option<u8>,
    /// The ranks of men each side starts with.
    pub start_ranks: u8,
    /// The ranks each side leaves empty behind its men at the start (Turkish: one).
    pub empty_back_ranks: u8,
    /// A man reaching the far rank during a capture.
    pub crowning: MidCaptureCrowning,
    /// The real board has a light square at White's near left (Italian, Spanish,
    /// Portuguese), so notation mirrors the internal board left to right.
    pub mirrored: bool,
    /// Square numbering, used by numeric notation and by Hub for every rule set.
    pub numbering: Numbering,
    /// Moves and FEN squares are written algebraically (`c3-d4`).
    pub algebraic: bool,
    /// The PDN GameType tag value.
    pub game_type: &'static str,
    /// The PDN `Variant` tag value, for rule sets that GameType alone does not name.
    pub pdn_variant_tag: Option<&'static str>,
    /// How the game is won.
    pub goal: Goal,
    /// The draw rules.
    pub draws: DrawRules,
}

const FROM_TOP_LEFT: Numbering = Numbering { from_top: true, from_right: false };
const FROM_BOTTOM_RIGHT: Numbering = Numbering { from_top: false, from_right: true };
const FROM_BOTTOM_LEFT: Numbering = Numbering { from_top: false, from_right: false };

const FORTY_MOVES: Option<MoveLimit> = Some(MoveLimit { plies: 80, reset: CounterReset::ManMoveOrCapture });

const USUAL_DRAWS: DrawRules =
    DrawRules { repetition: true, one_piece_each: false, move_limit: FORTY_MOVES, lone_king: &[] };

const ENGLISH: Rules = Rules {
    variant: Variant::English,
    name: "english",
    geometry: Geometry::EIGHT,
    first_to_move: Color::Black,
    men_capture_backward: false,
    flying_kings: false,
    men_capture_kings: true,
    precedence: Precedence::Free,
    king_halts_behind_king: false,
    orthogonal_captures: false,
    orthogonal_moves: false,
    removed_as_jumped: false,
    king_quiet_moves: None,
    start_ranks: 3,
    empty_back_ranks: 0,
    crowning: MidCaptureCrowning::EndsMove,
    mirrored: false,
    numbering: FROM_TOP_LEFT,
    algebraic: false,
    game_type: "21,B,8,8,N1,0",
    pdn_variant_tag: None,
    goal: Goal::TakeOrBlock,
    draws: USUAL_DRAWS,
};

const ENGLISH_25: Rules = Rules {
    variant: Variant::English25,
    name: "english-25",
    game_type: "21",
    pdn_variant_tag: Some("english-25"),
    draws: DrawRules {
        repetition: true,
        one_piece_each: false,
        move_limit: Some(MoveLimit { plies: 50, reset: CounterReset::CaptureOrCrowning }),
        lone_king: &[],
    },
    ..ENGLISH
};

const ITALIAN: Rules = Rules {
    variant: Variant::Italian,
    name: "italian",
    first_to_move: Color::White,
    men_capture_kings: false,
    precedence: Precedence::Italian,
    mirrored: true,
    game_type: "22,W,8,8,N2,1",
    ..ENGLISH
};

const SPANISH: Rules = Rules {
    variant: Variant::Spanish,
    name: "spanish",
    geometry: Geometry::EIGHT,
    first_to_move: Color::White,
    men_capture_backward: false,
    flying_kings: true,
    men_capture_kings: true,
    precedence: Precedence::MostPiecesThenKings,
    king_halts_behind_king: false,
    orthogonal_captures: false,
    orthogonal_moves: false,
    removed_as_jumped: false,
    king_quiet_moves: None,
    start_ranks: 3,
    empty_back_ranks: 0,
    crowning: MidCaptureCrowning::EndsMove,
    mirrored: true,
    numbering: FROM_BOTTOM_RIGHT,
    algebraic: false,
    game_type: "24,W,8,8,N1,1",
    pdn_variant_tag: None,
    goal: Goal::TakeOrBlock,
    draws: USUAL_DRAWS,
};

const SPANISH_SHORT: Rules = Rules {
    variant: Variant::SpanishShort,
    name: "spanish-short",
    flying_kings: false,
    game_type: "24",
    pdn_variant_tag: Some("spanish-short"),
    ..SPANISH
};

const PORTUGUESE: Rules =
    Rules { variant: Variant::Portuguese, name: "portuguese", game_type: "28,W,8,8,N1,1", ..SPANISH };

const RUSSIAN: Rules = Rules {
    variant: Variant::Russian,
    name: "russian",
    geometry: Geometry::EIGHT,
    first_to_move: Color::White,
    men_capture_backward: true,
    flying_kings: true,
    men_capture_kings: true,
    precedence: Precedence::Free,
    king_halts_behind_king: false,
    orthogonal_captures: false,
    orthogonal_moves: false,
    removed_as_jumped: false,
    king_quiet_moves: None,
    start_ranks: 3,
    empty_back_ranks: 0,
    crowning: MidCaptureCrowning::ContinuesAsKing,
    mirrored: false,
    numbering: FROM_BOTTOM_LEFT,
    algebraic: true,
    game_type: "25,W,8,8,A0,0",
    pdn_variant_tag: None,
    goal: Goal::TakeOrBlock,
    draws: DrawRules {
        repetition: true,
        one_piece_each: false,
        move_limit: Some(MoveLimit { plies: 30, reset: CounterReset::ManMoveOrCapture }),
        lone_king: &[LoneKingLimit { min_pieces: 3, max_pieces: 3, all_kings: true, plies: 30 }],
    },
};

const BRAZILIAN: Rules = Rules {
    variant: Variant::Brazilian,
    name: "brazilian",
    precedence: Precedence::MostPieces,
    crowning: MidCaptureCrowning::ContinuesAsMan,
    game_type: "26,W,8,8,A0,0",
    draws: DrawRules {
        repetition: true,
        one_piece_each: false,
        move_limit: Some(MoveLimit { plies: 40, reset: CounterReset::ManMoveOrCapture }),
        lone_king: &[],
    },
    ..RUSSIAN
};

const POOL: Rules = Rules {
    variant: Variant::Pool,
    name: "pool",
    first_to_move: Color::Black,
    crowning: MidCaptureCrowning::ContinuesAsMan,
    numbering: FROM_TOP_LEFT,
    algebraic: false,
    game_type: "23,B,8,8,N1,0",
    draws: DrawRules {
        repetition: true,
        one_piece_each: false,
        move_limit: FORTY_MOVES,
        lone_king: &[LoneKingLimit { min_pieces: 3, max_pieces: 3, all_kings: true, plies: 26 }],
    },
    ..RUSSIAN
};

const CZECH: Rules = Rules {
    variant: Variant::Czech,
    name: "czech",
    men_capture_backward: false,
    precedence: Precedence::KingFirst,
    crowning: MidCaptureCrowning::EndsMove,
    game_type: "29,W,8,8,A0,0",
    draws: USUAL_DRAWS,
    ..RUSSIAN
};

const PLAYOK: Rules = Rules {
    variant: Variant::PlayOk,
    name: "playok",
    crowning: MidCaptureCrowning::EndsMove,
    pdn_variant_tag: Some("playok"),
    draws: DrawRules {
        repetition: false,
        one_piece_each: false,
        move_limit: Some(MoveLimit { plies: 60, reset: CounterReset::CaptureOrCrowning }),
        lone_king: &[],
    },
    ..RUSSIAN
};

const INTERNATIONAL: Rules = Rules {
    variant: Variant::International,
    name: "international",
    geometry: Geometry::TEN,
    first_to_move: Color::White,
    men_capture_backward: true,
    flying_kings: true,
    men_capture_kings: true,
    precedence: Precedence::MostPieces,
    king_halts_behind_king: false,
    orthogonal_captures: false,
    orthogonal_moves: false,
    removed_as_jumped: false,
    king_quiet_moves: None,
    start_ranks: 4,
    empty_back_ranks: 0,
    crowning: MidCaptureCrowning::ContinuesAsMan,
    mirrored: false,
    numbering: FROM_TOP_LEFT,
    algebraic: false,
    game_type: "20,W,10,10,N2,0",
    pdn_variant_tag: None,
    goal: Goal::TakeOrBlock,
    draws: DrawRules {
        repetition: true,
        one_piece_each: false,
        move_limit: Some(MoveLimit { plies: 50, reset: CounterReset::ManMoveOrCapture }),
        lone_king: &[
            LoneKingLimit { min_pieces: 3, max_pieces: 3, all_kings: false, plies: 32 },
            LoneKingLimit { min_pieces: 1, max_pieces: 2, all_kings: false, plies: 10 },
        ],
    },
};

const KILLER: Rules = Rules {
    variant: Variant::Killer,
    name: "killer",
    king_halts_behind_king: true,
    pdn_variant_tag: Some("killer"),
    ..INTERNATIONAL
};

const ANTIDRAUGHTS: Rules = Rules {
    variant: Variant::Antidraughts,
    name: "antidraughts",
    game_type: "98",
    goal: Goal::LoseEverything,
    draws: DrawRules { repetition: true, one_piece_each: false, move_limit: None, lone_king: &[] },
    ..INTERNATIONAL
};

const BREAKTHROUGH: Rules = Rules {
    variant: Variant::Breakthrough,
    name: "breakthrough",
    game_type: "96",
    goal: Goal::CrownFirst,
    draws: DrawRules { repetition: false, one_piece_each: false, move_limit: None, lone_king: &[] },
    ..INTERNATIONAL
};

const FRISIAN: Rules = Rules {
    variant: Variant::Frisian,
    name: "frisian",
    precedence: Precedence::Frisian,
    orthogonal_captures: true,
    king_quiet_moves: Some(3),
    game_type: "40",
    draws: DrawRules {
        repetition: false,
        one_piece_each: false,
        move_limit: None,
        lone_king: &[
            LoneKingLimit { min_pieces: 2, max_pieces: 2, all_kings: true, plies: 14 },
            LoneKingLimit { min_pieces: 1, max_pieces: 1, all_kings: true, plies: 4 },
        ],
    },
    ..INTERNATIONAL
};

const FRYSK: Rules =
    Rules { variant: Variant::Frysk, name: "frysk", start_ranks: 1, game_type: "97", ..FRISIAN };

const TURKISH: Rules = Rules {
    variant: Variant::Turkish,
    name: "turkish",
    geometry: Geometry::SIXTY_FOUR,
    first_to_move: Color::White,
    men_capture_backward: false,
    flying_kings: true,
    men_capture_kings: true,
    precedence: Precedence::MostPieces,
    king_halts_behind_king: false,
    orthogonal_captures: true,
    orthogonal_moves: true,
    removed_as_jumped: true,
    king_quiet_moves: None,
    start_ranks: 2,
    empty_back_ranks: 1,
    crowning: MidCaptureCrowning::ContinuesAsMan,
    mirrored: false,
    numbering: FROM_BOTTOM_LEFT,
    algebraic: true,
    game_type: "30,W,8,8,A0,0",
    pdn_variant_tag: None,
    goal: Goal::TakeOrBlock,
    draws: DrawRules { repetition: true, one_piece_each: true, move_limit: None, lone_king: &[] },
};

/// The rules of the variant numbered `V` (`Variant as usize`). Code made generic over
/// `V` (see [`with_variant`](crate::with_variant)) reads its rules here, and the compiler
/// turns every field into a constant.
#[inline(always)]
pub fn fixed_rules<const V: usize>() -> &'static Rules {
    &RULES[V]
}

/// Calls `$function::<V>($args)` with `V` the number of `$variant`, so that the function
/// is compiled once per rule set with the rules as constants.
///
/// Each arm takes `V` from the variant it matches, so the order of the names below does
/// not matter, and leaving one out makes the `match` non-exhaustive, which does not compile.
#[macro_export]
macro_rules! with_variant {
    (@arms $variant:expr, $function:ident, $args:tt, $($name:ident)*) => {
        match $variant {
            $($crate::rules::Variant::$name => $function::<{ $crate::rules::Variant::$name as usize }> $args,)*
        }
    };
    ($variant:expr, $function:ident($($arg:expr),* $(,)?)) => {
        $crate::with_variant!(
            @arms $variant,
            $function,
            ($($arg),*),
            English English25 Italian Spanish SpanishShort Portuguese Russian Brazilian Pool Czech PlayOk
            International Killer Antidraughts Breakthrough Frisian Frysk Turkish
        )
    };
}
