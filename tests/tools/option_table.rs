//! The engine's option table (`crownhead::engine::option_table`) against every place a
//! user reads or sets an option: Hub's `param` lines and its refusals, the command
//! line's help and refusals, and the options tables of protocol.md and README. Python's
//! keywords are compared with it in python/tests/test_options.py.

use std::io::Write;
use std::process::Stdio;

use crownhead::engine::OptionsBuilder;
use crownhead::engine::options::{Count, ENGINE_OPTIONS, EngineOption, MULTIPV, counts};

use crate::common::{crownhead, crownhead_command};

/// What the binary answers to the lines `input`, in Hub mode.
fn hub_answers(input: &str) -> Vec<String> {
    let mut child = crownhead_command()
        .args(["hub"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("input written");
    let output = child.wait_with_output().expect("the binary ends");
    String::from_utf8(output.stdout).expect("UTF-8").lines().map(str::to_string).collect()
}

/// The `param` line Hub must give `option` before anything is set, but for the value of
/// a path option, which depends on the machine.
fn expected_param(option: &EngineOption) -> String {
    let name = option.name();
    match option {
        EngineOption::Count(count) => {
            format!("param name={name} value={} type=int min={} max={}", count.default, count.min, count.max)
        }
        EngineOption::Switch(switch) => format!("param name={name} value={} type=bool", switch.default),
        EngineOption::Path(_) => format!("param name={name} value="),
    }
}

#[test]
fn hub_lists_the_tables_options_with_their_ranges_and_defaults() {
    let lines = hub_answers("hub\nquit\n");
    let params: Vec<&String> = lines.iter().filter(|line| line.starts_with("param ")).collect();
    for option in &ENGINE_OPTIONS {
        let prefix = format!("param name={} ", option.name());
        let line = params.iter().find(|line| line.starts_with(&prefix)).unwrap_or_else(|| panic!("{prefix}"));
        match option {
            EngineOption::Path(_) => {
                assert!(
                    line.starts_with(&expected_param(option)) && line.ends_with(" type=string"),
                    "{line}"
                );
            }
            _ => assert_eq!(**line, expected_param(option)),
        }
    }
    let hub_only = ["variant", "ponder", "pos-encoding"];
    assert_eq!(params.len(), ENGINE_OPTIONS.len() + hub_only.len(), "{params:?}");
    for name in hub_only {
        assert!(params.iter().any(|line| line.starts_with(&format!("param name={name} "))), "{name}");
    }
}

/// Values just outside each count's range, and one that is no number.
fn refused_values(count: &Count) -> Vec<String> {
    let below = count.min.checked_sub(1).map_or("-1".to_string(), |value| value.to_string());
    vec![below, (count.max + 1).to_string(), "many".to_string()]
}

#[test]
fn hub_and_the_command_line_refuse_counts_as_the_builder_does() {
    for count in counts() {
        for value in refused_values(&count) {
            let refusal = OptionsBuilder::new(None)
                .set(count.name, &value)
                .map(|built| built.err().map(|error| error.to_string()));
            let message = format!(
                "{} must be a whole number from {} to {}, not '{value}'",
                count.name, count.min, count.max
            );
            if count.name != MULTIPV.name {
                assert_eq!(refusal, Some(Some(message.clone())), "{}", count.name);
                let lines = hub_answers(&format!("set-param name={} value={value}\nquit\n", count.name));
                assert_eq!(lines, [format!("error message=\"{message}\"")], "{}", count.name);
            }
            let command = if ["strength", "book-ply", "book-margin"].contains(&count.name) {
                "play"
            } else {
                "analyse"
            };
            let flag = format!("--{}", count.name);
            let output = crownhead(&[command, &format!("{flag}={value}")]);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(
                !output.status.success() && stderr.contains(&message),
                "{command} {flag} {value}: {stderr}"
            );
        }
    }
}

/// The options the command line's `--help` of `command` shows: each flag with its value
/// name (empty for a flag that takes none) and its help, `[default: ...]` included.
fn command_line_options(command: &str) -> Vec<(String, String, String)> {
    let output = crownhead(&[command, "--help"]);
    let help = String::from_utf8(output.stdout).expect("UTF-8");
    help.lines()
        .filter_map(|line| {
            let line = line.trim_start().strip_prefix("--")?;
            let (flag, rest) = line.split_once(' ').unwrap_or((line, ""));
            let rest = rest.trim_start();
            let (value_name, text) = match rest.strip_prefix('<') {
                Some(value) => value.split_once('>').map(|(name, text)| (name, text.trim()))?,
                None => ("", rest),
            };
            Some((format!("--{flag}"), value_name.to_string(), text.to_string()))
        })
        .collect()
}

/// The commands whose engine is set up by the table's options.
const ENGINE_COMMANDS: [&str; 5] = ["analyse", "analyse-game", "play", "dxp", "gui"];

#[test]
fn the_command_lines_engine_arguments_are_the_tables() {
    let shown: Vec<(String, String, String)> =
        ENGINE_COMMANDS.iter().flat_map(|command| command_line_options(command)).collect();
    let options = ENGINE_OPTIONS.iter().copied().chain([EngineOption::Count(MULTIPV)]);
    for option in options {
        let (flag, expected) = match option {
            EngineOption::Count(count) => (
                format!("--{}", count.name),
                (count.value_name, format!("{} [default: {}]", count.help, count.default)),
            ),
            EngineOption::Path(path) => {
                (format!("--{}", path.name), (path.value_name, path.help.to_string()))
            }
            EngineOption::Switch(switch) => {
                let flag = if switch.default {
                    format!("--no-{}", switch.name)
                } else {
                    format!("--{}", switch.name)
                };
                assert!(shown.iter().any(|(shown, ..)| *shown == flag), "{flag}");
                continue;
            }
        };
        let found: Vec<_> = shown.iter().filter(|(shown, ..)| *shown == flag).collect();
        assert!(!found.is_empty(), "{flag}");
        for (_, value_name, text) in found {
            assert_eq!((value_name.as_str(), text), (expected.0, &expected.1), "{flag}");
        }
    }
}

/// The rows of the Markdown table in `document` whose header row is `header`, as cells
/// with the code marks taken off.
fn markdown_rows(document: &str, header: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/").to_string() + document)
        .expect("the document reads");
    text.lines()
        .skip_while(|line| *line != header)
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|line| line.trim_matches('|').split(" | ").map(|cell| cell.trim().replace('`', "")).collect())
        .collect()
}

#[test]
fn protocol_md_describes_the_tables_options() {
    let rows = markdown_rows("protocol.md", "| name | type | default | meaning |");
    for option in &ENGINE_OPTIONS {
        let row =
            rows.iter().find(|row| row[0] == option.name()).unwrap_or_else(|| panic!("{}", option.name()));
        let (kind, default) = match option {
            EngineOption::Count(count) => {
                (format!("int {}-{}", count.min, count.max), count.default.to_string())
            }
            EngineOption::Switch(switch) => ("bool".to_string(), switch.default.to_string()),
            EngineOption::Path(_) => ("string".to_string(), row[2].clone()),
        };
        assert_eq!((&row[1], &row[2]), (&kind, &default), "{}", option.name());
    }
    assert_eq!(rows.len(), ENGINE_OPTIONS.len() + 3, "the table's options and variant, ponder, pos-encoding");
}

#[test]
fn protocol_md_shows_the_handshake_hub_gives() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/protocol.md");
    let text = std::fs::read_to_string(path).expect("protocol.md reads");
    let shown: Vec<&str> = text.lines().filter_map(|line| line.strip_prefix("< param ")).collect();
    let given = hub_answers("hub\nquit\n");
    let given: Vec<&str> = given.iter().filter_map(|line| line.strip_prefix("param ")).collect();
    assert_eq!(shown.len(), given.len(), "{shown:#?}");
    for (shown, given) in shown.iter().zip(&given) {
        if shown.starts_with("name=egdb-path ") {
            assert!(given.starts_with("name=egdb-path value="), "{given}");
        } else {
            assert_eq!(shown, given);
        }
    }
}

#[test]
fn readme_lists_the_tables_options_for_every_way_in() {
    let rows = markdown_rows("README.md", "| Hub | command line | Python | default | meaning |");
    let options = ENGINE_OPTIONS.iter().copied().chain([EngineOption::Count(MULTIPV)]);
    for option in options {
        let name = option.name();
        let row = rows
            .iter()
            .find(|row| row[1].split(' ').next() == Some(&format!("--{name}")) || row[0] == name)
            .unwrap_or_else(|| panic!("{name}"));
        let hub = if name == MULTIPV.name { "" } else { name };
        let keyword = if name == MULTIPV.name {
            "analyse(multipv=)".to_string()
        } else {
            format!("{}=", name.replace('-', "_"))
        };
        assert_eq!((row[0].as_str(), row[2].as_str()), (hub, keyword.as_str()), "{name}");
        match option {
            EngineOption::Count(count) => {
                assert!(row[1].starts_with(&format!("--{name} ")), "{name}: {}", row[1]);
                assert_eq!(row[3], count.default.to_string(), "{name}");
                assert!(row[4].contains(&format!("{} to {}", count.min, count.max)), "{name}: {}", row[4]);
            }
            EngineOption::Switch(switch) => {
                let flag = if switch.default { format!("--no-{name}") } else { format!("--{name}") };
                assert_eq!(row[1], flag, "{name}");
                assert_eq!(row[3], if switch.default { "on" } else { "off" }, "{name}");
            }
            EngineOption::Path(path) => assert_eq!(row[1], format!("--{name} {}", path.value_name), "{name}"),
        }
    }
    assert_eq!(
        rows.len(),
        ENGINE_OPTIONS.len() + 3,
        "the table's options, multipv, variant and pos-encoding"
    );
}
