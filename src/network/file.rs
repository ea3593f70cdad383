//! The network file format: a header, the integer weights, a checksum.
//!
//! All integers little-endian. Header, 84 bytes:
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | magic `CRHDNNUE` |
//! | 8..10 | format version, u16 ([`VERSION`]) |
//! | 10..12 | playing squares of the board, u16: 32 or 50 |
//! | 12..14 | sums per perspective, u16: [`HIDDEN`] |
//! | 14..16 | output buckets, u16: 1 to [`MAX_BUCKETS`] |
//! | 16..18 | scale, u16: centi-men per unit of the float output |
//! | 18..20 | zero |
//! | 20..84 | the rule sets it serves, names as `--variant` takes them, comma-separated, ASCII, padded with NUL bytes |
//!
//! Then, with `I` = 4 x squares inputs and `B` buckets: the feature weights, `I x HIDDEN`
//! i16, row by input; the feature bias, `HIDDEN` i16; the output weights, `B x 2 HIDDEN`
//! i16 (side to move's half first), each within ±[`MAX_OUTPUT_WEIGHT`]; the output biases,
//! `B` i32; and last the 64-bit FNV-1a hash of every byte before it, u64.

use std::io::Read;
use std::path::Path;

use crate::regular_file;
use crate::rules::{Geometry, Variant};

use super::{HIDDEN, Layers, MAX_BUCKETS, MAX_OUTPUT_WEIGHT, Network, features::KINDS};

/// The magic bytes that open a network file.
pub const MAGIC: [u8; 8] = *b"CRHDNNUE";

/// The format version this build writes and reads.
pub const VERSION: u16 = 1;

/// The size of the header in bytes.
pub const HEADER_SIZE: usize = 84;

/// The largest file the format allows: the largest board (Turkish's 64 squares),
/// [`MAX_BUCKETS`] buckets. A longer file is refused unread, so that no path
/// (`/dev/zero`, say) makes the reader take all memory.
pub const MAX_FILE_SIZE: usize = HEADER_SIZE
    + 2 * (KINDS * Geometry::SIXTY_FOUR.square_count() * HIDDEN + HIDDEN + MAX_BUCKETS * 2 * HIDDEN)
    + 4 * MAX_BUCKETS
    + 8;

/// Bytes of the header that hold the rule set names, comma-separated: a network serves
/// as many rule sets as their names fit.
pub const NAMES_SIZE: usize = 64;

/// Why a network file was refused.
#[derive(Debug, thiserror::Error)]
pub enum NetworkError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The file does not start with the format's magic bytes.
    #[error("not a crownhead network file (bad magic)")]
    BadMagic,
    /// The file is of another format version.
    #[error("network format version {0}, this build reads version {VERSION}")]
    Version(u16),
    /// The file ends early or runs on past its end.
    #[error("the file is {found} bytes, its header announces {expected}: truncated or garbled")]
    Size {
        /// The size the header implies.
        expected: usize,
        /// The file's size.
        found: usize,
    },
    /// The file is longer than any network file.
    #[error("the file is longer than any network file ({MAX_FILE_SIZE} bytes)")]
    TooLong,
    /// The checksum does not match the contents.
    #[error("checksum mismatch: the file is corrupt")]
    Checksum,
    /// The header describes a shape this build cannot use.
    #[error("unusable network shape: {0}")]
    Shape(String),
    /// The header names a rule set this build does not know.
    #[error("the network names an unknown rule set '{0}'")]
    UnknownRuleSet(String),
    /// The network was trained for other rule sets.
    #[error("the network is for {serves}, not {wanted}")]
    WrongRuleSet {
        /// The rule sets the file serves.
        serves: String,
        /// The rule set asked for.
        wanted: Variant,
    },
}

/// The 64-bit FNV-1a hash of `bytes`.
pub(super) fn fnv1a(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

impl Network {
    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let squares = self.rule_sets.first().map_or(0, |variant| variant.rules().geometry.square_count());
        let names = self.rule_sets.iter().map(|variant| variant.name()).collect::<Vec<_>>().join(",");
        let mut bytes = Vec::with_capacity(HEADER_SIZE + 2 * self.layers.feature_weights.len() + 1024);
        bytes.extend_from_slice(&MAGIC);
        for field in [VERSION, squares as u16, HIDDEN as u16, self.buckets as u16, self.scale as u16, 0] {
            bytes.extend_from_slice(&field.to_le_bytes());
        }
        let mut name_field = [0u8; NAMES_SIZE];
        let length = names.len().min(NAMES_SIZE);
        name_field[..length].copy_from_slice(&names.as_bytes()[..length]);
        bytes.extend_from_slice(&name_field);
        let layers = &self.layers;
        for weights in [&layers.feature_weights, &layers.feature_bias, &layers.output_weights] {
            weights.iter().for_each(|weight| bytes.extend_from_slice(&weight.to_le_bytes()));
        }
        layers.output_bias.iter().for_each(|bias| bytes.extend_from_slice(&bias.to_le_bytes()));
        let hash = fnv1a(&bytes);
        bytes.extend_from_slice(&hash.to_le_bytes());
        bytes
    }

    /// Reads a network from a file's bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() < MAGIC.len() || bytes[..MAGIC.len()] != MAGIC {
            return Err(NetworkError::BadMagic);
        }
        if bytes.len() < HEADER_SIZE {
            return Err(NetworkError::Size { expected: HEADER_SIZE, found: bytes.len() });
        }
        let field = |index: usize| u16::from_le_bytes([bytes[8 + 2 * index], bytes[9 + 2 * index]]);
        let (version, squares, hidden, buckets, scale) =
            (field(0), usize::from(field(1)), usize::from(field(2)), usize::from(field(3)), field(4));
        if version != VERSION {
            return Err(NetworkError::Version(version));
        }
        let rule_sets = rule_sets(&bytes[20..HEADER_SIZE])?;
        check_shape(&rule_sets, squares, hidden, buckets, scale)?;
        let inputs = KINDS * squares;
        let expected = HEADER_SIZE + 2 * (inputs * HIDDEN + HIDDEN + buckets * 2 * HIDDEN) + 4 * buckets + 8;
        if bytes.len() != expected {
            return Err(NetworkError::Size { expected, found: bytes.len() });
        }
        let (body, hash) = bytes.split_at(expected - 8);
        if fnv1a(body) != u64::from_le_bytes(hash.try_into().map_err(|_| NetworkError::Checksum)?) {
            return Err(NetworkError::Checksum);
        }
        let mut rest = &body[HEADER_SIZE..];
        let mut take_i16 = |count: usize| -> Vec<i16> {
            let (taken, left) = rest.split_at(2 * count);
            rest = left;
            taken.chunks_exact(2).map(|pair| i16::from_le_bytes([pair[0], pair[1]])).collect()
        };
        let feature_weights = take_i16(inputs * HIDDEN);
        let feature_bias = take_i16(HIDDEN);
        let output_weights = take_i16(buckets * 2 * HIDDEN);
        if output_weights.iter().any(|weight| weight.abs() > MAX_OUTPUT_WEIGHT) {
            return Err(NetworkError::Shape(format!("an output weight is beyond ±{MAX_OUTPUT_WEIGHT}")));
        }
        let output_bias = rest[..4 * buckets]
            .chunks_exact(4)
            .map(|quad| i32::from_le_bytes([quad[0], quad[1], quad[2], quad[3]]))
            .collect();
        Ok(Network {
            rule_sets,
            buckets,
            scale: i32::from(scale),
            layers: Layers { feature_weights, feature_bias, output_weights, output_bias },
        })
    }

    /// Reads the network file at `path`: refused, with the reason, if it is not a regular
    /// file (a FIFO, a device or a directory, refused before it is opened), cannot be
    /// read, is longer than any network file or is not a sound network file.
    pub fn read(path: &Path) -> Result<Network, NetworkError> {
        let io = |source| NetworkError::Io { path: path.display().to_string(), source };
        regular_file::check(path).map_err(io)?;
        let mut bytes = Vec::new();
        let file = std::fs::File::open(path).map_err(io)?;
        file.take(MAX_FILE_SIZE as u64 + 1).read_to_end(&mut bytes).map_err(io)?;
        if bytes.len() > MAX_FILE_SIZE {
            return Err(NetworkError::TooLong);
        }
        Network::from_bytes(&bytes)
    }

    /// [`Network::read`] for `variant`: also refused if trained for other rule sets.
    pub fn load(path: &Path, variant: Variant) -> Result<Network, NetworkError> {
        let network = Network::read(path)?;
        network.check_serves(variant)?;
        Ok(network)
    }

    /// An error unless the network was trained for `variant`.
    pub fn check_serves(&self, variant: Variant) -> Result<(), NetworkError> {
        if self.serves(variant) {
            return Ok(());
        }
        let serves = self.rule_sets.iter().map(|variant| variant.name()).collect::<Vec<_>>().join(" and ");
        Err(NetworkError::WrongRuleSet { serves, wanted: variant })
    }

    /// Writes the network to `path`.
    pub fn save(&self, path: &Path) -> Result<(), NetworkError> {
        std::fs::write(path, self.to_bytes())
            .map_err(|source| NetworkError::Io { path: path.display().to_string(), source })
    }
}

/// The rule sets named in the header's name field.
fn rule_sets(field: &[u8]) -> Result<Vec<Variant>, NetworkError> {
    let end = field.iter().position(|&byte| byte == 0).unwrap_or(field.len());
    let names =
        std::str::from_utf8(&field[..end]).map_err(|_| NetworkError::UnknownRuleSet("(not text)".into()))?;
    names
        .split(',')
        .map(|name| {
            Variant::ALL
                .into_iter()
                .find(|variant| variant.name() == name)
                .ok_or_else(|| NetworkError::UnknownRuleSet(name.to_string()))
        })
        .collect()
}

/// Checks that the header's shape is one this build evaluates.
fn check_shape(
    rule_sets: &[Variant],
    squares: usize,
    hidden: usize,
    buckets: usize,
    scale: u16,
) -> Result<(), NetworkError> {
    if hidden != HIDDEN {
        return Err(NetworkError::Shape(format!("{hidden} sums per perspective, this build uses {HIDDEN}")));
    }
    if !(1..=MAX_BUCKETS).contains(&buckets) {
        return Err(NetworkError::Shape(format!("{buckets} output buckets, at most {MAX_BUCKETS}")));
    }
    if scale == 0 {
        return Err(NetworkError::Shape("scale 0".into()));
    }
    if let Some(variant) = rule_sets.iter().find(|variant| variant.rules().geometry.square_count() != squares)
    {
        return Err(NetworkError::Shape(format!(
            "{squares} squares, but {variant} is played on another board"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::network::features::input_count;

    /// A network with weights from a simple pattern, so that every byte matters.
    fn network(variant: Variant, buckets: usize) -> Network {
        let inputs = input_count(&variant.rules().geometry);
        let pattern = |count: usize, modulus: i32| {
            (0..count).map(|i| ((i as i32 * 7919) % modulus - modulus / 2) as f32 / 100.0).collect()
        };
        let layers = Layers {
            feature_weights: pattern(inputs * HIDDEN, 301),
            feature_bias: pattern(HIDDEN, 101),
            output_weights: pattern(buckets * 2 * HIDDEN, 251),
            output_bias: pattern(buckets, 51),
        };
        Network::quantise(vec![variant], 150, &layers)
    }

    #[test]
    fn networks_round_trip() {
        for (variant, buckets) in [(Variant::English, 1), (Variant::International, 4)] {
            let original = network(variant, buckets);
            assert_eq!(Network::from_bytes(&original.to_bytes()).expect("a sound file"), original);
        }
    }

    #[test]
    fn a_file_holds_its_header_its_16_bit_weights_and_a_checksum() {
        // English has 128 inputs (32 squares, men and kings of each side); one bucket.
        let size = 84 + 2 * (128 * HIDDEN + HIDDEN + 2 * HIDDEN) + 4 + 8;
        assert_eq!(network(Variant::English, 1).to_bytes().len(), size);
    }

    #[test]
    fn damaged_files_are_refused() {
        let bytes = network(Variant::English, 2).to_bytes();
        assert!(matches!(Network::from_bytes(&bytes[..bytes.len() - 1]), Err(NetworkError::Size { .. })));
        assert!(matches!(Network::from_bytes(&bytes[..40]), Err(NetworkError::Size { .. })));
        assert!(matches!(Network::from_bytes(b"CRHDSELF"), Err(NetworkError::BadMagic)));
        let mut garbled = bytes.clone();
        garbled[HEADER_SIZE + 1000] ^= 0x10;
        assert!(matches!(Network::from_bytes(&garbled), Err(NetworkError::Checksum)));
        let mut renamed = bytes.clone();
        renamed[20..27].copy_from_slice(b"chequer");
        assert!(matches!(Network::from_bytes(&renamed), Err(NetworkError::UnknownRuleSet(_))));
        let mut reshaped = bytes;
        reshaped[12] = 64;
        assert!(matches!(Network::from_bytes(&reshaped), Err(NetworkError::Shape(_))));
    }

    #[test]
    fn a_file_longer_than_any_network_is_refused_unread() {
        // Read whole, /dev/zero took all memory (`set-param name=eval-file
        // value=/dev/zero` stopped the engine); it is not even opened now.
        #[cfg(unix)]
        assert_eq!(
            Network::read(Path::new("/dev/zero")).map(|_| ()).map_err(|error| error.to_string()),
            Err("/dev/zero: a character device, not a regular file".to_string())
        );
        let path = std::env::temp_dir().join(format!("crownhead-long-network-{}.nnue", std::process::id()));
        let mut bytes = network(Variant::Turkish, MAX_BUCKETS).to_bytes();
        assert_eq!(bytes.len(), MAX_FILE_SIZE, "the largest network is as long as the limit");
        std::fs::write(&path, &bytes).expect("written");
        assert!(Network::read(&path).is_ok());
        bytes.push(0);
        std::fs::write(&path, &bytes).expect("written");
        let error = Network::read(&path).expect_err("one byte too long");
        assert_eq!(
            error.to_string(),
            format!("the file is longer than any network file ({MAX_FILE_SIZE} bytes)")
        );
        std::fs::remove_file(&path).expect("removed");
    }

    #[test]
    fn a_network_for_another_rule_set_is_refused() {
        let path = std::env::temp_dir().join(format!("crownhead-network-{}.nnue", std::process::id()));
        network(Variant::English, 1).save(&path).expect("written");
        assert!(Network::load(&path, Variant::English).is_ok());
        let error = Network::load(&path, Variant::Russian).expect_err("English only");
        assert_eq!(error.to_string(), "the network is for english, not russian");
        std::fs::remove_file(&path).expect("removed");
        assert!(matches!(Network::load(&path, Variant::English), Err(NetworkError::Io { .. })));
    }
}
