//! `/api/play`, `/api/hint`, `/api/help` and `/api/board`: a game against
//! the computer. The client holds the game: it sends the position and the
//! person's move, and gets back the position after it and after the
//! computer's reply; undo is the client's own history.

use super::*;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PlayRequest {
    /// The position before the person's move.
    position: String,
    #[serde(default)]
    misere: bool,
    /// The person's move in `play`'s move text (or the whole position it
    /// leads to); absent: the computer moves first.
    r#move: Option<String>,
    /// The seed of the computer's choice among equal moves.
    seed: Option<u64>,
    /// Whether the computer replies (default true); false when the person
    /// makes both sides' moves. Then `winner` "you" is the player who made
    /// `move`, "computer" the other.
    reply: Option<bool>,
    #[serde(default)]
    limits: LimitsRequest,
}

/// A move as the API shows it: `move` as `analyze --json` words it,
/// `text` as typed in `play`, the whole position `after` it.
fn move_json(before: &Position, mv: &sprague::Move) -> anyhow::Result<Value> {
    let after = before.play(mv).map_err(LibError)?;
    Ok(json!({
        "move": mv.display(before).to_string(),
        "text": movetext::write(before, mv),
        "description": movetext::describe(before, mv),
        "after": after.to_string(),
    }))
}

/// The rules of each ruleset in `position`, once each in the order they
/// first appear, as the library's registry says them (`sprague rulesets`):
/// `[{ruleset, notation, rule, theorem}]`. The page shows these above the
/// board, so that a game is described in its own words only.
fn rules_json(position: &Position) -> Value {
    let mut seen: Vec<&str> = Vec::new();
    let mut out = Vec::new();
    for c in position.components() {
        let word = c.ruleset().word();
        if seen.contains(&word) {
            continue;
        }
        seen.push(word);
        if let Some(info) = sprague::ruleset::info_of(word) {
            out.push(json!({
                "ruleset": word,
                "notation": info.notation,
                "rule": info.rule,
                "theorem": info.theorem,
            }));
        }
    }
    Value::Array(out)
}

fn session_error(e: SessionError) -> anyhow::Error {
    match e {
        SessionError::Analysis(e) => LibError(e).into(),
        other => UsageError(other.to_string()).into(),
    }
}

fn start(
    position: &str,
    misere: bool,
    limits: &LimitsRequest,
    s: &Settings,
) -> anyhow::Result<(Position, Play, sprague::Limits)> {
    let args = analyze_args(position, misere, None, limits, s)?;
    let position = cmd::position_from_words(&args.position)?;
    Ok((position, play_of(misere), args.limits.limits()))
}

pub(super) fn play(r: PlayRequest, s: &Settings) -> anyhow::Result<Answer> {
    let (position, play, limits) = start(&r.position, r.misere, &r.limits, s)?;
    // As `play`: fail at once if the position is beyond the limits.
    Analyzer::new(limits)
        .with_total_count(false)
        .analyze(&position, play, Some(1))
        .map_err(LibError)?;
    let seed = r.seed.unwrap_or_else(|| {
        // Not secret, only varied: the position's text and the clock.
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        u64::from(nanos) ^ (r.position.len() as u64).rotate_left(32)
    });
    let first = if r.r#move.is_some() {
        Player::Human
    } else {
        Player::Computer
    };
    let mut game = Session::new(position, play, first, seed, limits);
    let mut you = Value::Null;
    if let Some(text) = &r.r#move {
        let before = game.position().clone();
        let mv = game.parse_move(text).map_err(|e| {
            let hint = match e {
                MoveError::Syntax(_) | MoveError::Empty => " (see /api/help for the move syntax)",
                _ => "",
            };
            UsageError(format!("{e}{hint}"))
        })?;
        game.human_move(mv.clone()).map_err(session_error)?;
        you = move_json(&before, &mv)?;
    }
    let mut computer = Value::Null;
    if r.reply != Some(false) && game.winner().map_err(LibError)?.is_none() {
        let before = game.position().clone();
        let reply = game.computer_move().map_err(session_error)?;
        // As `why` in `play` explains it.
        let (why, explain) = cmd::play::computer_move_reasons(&before, play, &limits, &reply.mv)
            .map_err(LibError)?;
        let why = if reply.winning { why } else { None };
        let mut m = move_json(&before, &reply.mv)?;
        if let Value::Object(map) = &mut m {
            map.insert("winning".into(), reply.winning.into());
            map.insert("why".into(), why.into());
            map.insert("explain".into(), explain.to_string().into());
        }
        computer = m;
    }
    let winner = game.winner().map_err(LibError)?.map(|p| match p {
        Player::Human => "you",
        Player::Computer => "computer",
    });
    Answer::json(
        &json!({
        "position": game.position().to_string(),
        "play": play.name(),
        "seed": seed,
        "you": you,
        "computer": computer,
        "winner": winner,
        "boards": sprague::board::boards(game.position()),
        "rules": rules_json(game.position()),
        }),
        s,
    )
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct HintRequest {
    position: String,
    #[serde(default)]
    misere: bool,
    #[serde(default)]
    limits: LimitsRequest,
}

pub(super) fn hint(r: HintRequest, s: &Settings) -> anyhow::Result<Answer> {
    let (position, play, limits) = start(&r.position, r.misere, &r.limits, s)?;
    let game = Session::new(position.clone(), play, Player::Human, 0, limits);
    let hint = game.hint().map_err(LibError)?;
    let (mv, total) = match &hint {
        Hint::Winning { reason, total } => {
            let mut m = move_json(&position, &reason.mv)?;
            if let Value::Object(map) = &mut m {
                map.insert("why".into(), reason.why.clone().into());
            }
            (m, *total)
        }
        _ => (Value::Null, None),
    };
    // Every winning move's text (as the drawing's clicks carry it), so
    // that the page can mark them all on the board.
    let winning: Vec<String> = if mv.is_null() {
        Vec::new()
    } else {
        let args = analyze_args(&r.position, r.misere, None, &r.limits, s)?;
        let (_, analysis) = cmd::analyze::analyze(&args)?;
        analysis
            .winning_moves
            .iter()
            .map(|m| movetext::write(&position, m))
            .collect()
    };
    Answer::json(
        &json!({
            "position": position.to_string(),
            "play": play.name(),
            "outcome": hint.outcome().to_string(),
            "move": mv,
            "total_winning_moves": total,
            "winning": winning,
            "why": hint.why(),
        }),
        s,
    )
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct HelpRequest {
    position: String,
}

pub(super) fn help(r: HelpRequest, s: &Settings) -> anyhow::Result<Answer> {
    cmd::refuse_graph_files(&r.position)?;
    let position = cmd::position_from_words(&[r.position])?;
    Answer::json(
        &json!({
            "position": position.to_string(),
            "help": movetext::help(&position),
        }),
        s,
    )
}

// ---------------------------------------------------------------------------
// The drawings of a position, and the list of rulesets

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BoardRequest {
    position: String,
    #[serde(default)]
    misere: bool,
    #[serde(default)]
    limits: LimitsRequest,
}

/// `{position, play, outcome, value, basis, boards, rules}`: the outcome
/// and value as `analyze --json` gives them (no winning moves), the
/// drawing of each component with its clicks, and the rules of its
/// rulesets.
pub(super) fn board(r: BoardRequest, s: &Settings) -> anyhow::Result<Answer> {
    let args = analyze_args(&r.position, r.misere, Some(0), &r.limits, s)?;
    let (position, analysis) = cmd::analyze::analyze(&args)?;
    Answer::json(
        &json!({
            "position": position.to_string(),
            "play": analysis.play.name(),
            "outcome": analysis.outcome.to_string(),
            "value": analysis.value,
            "basis": analysis.basis.word(),
            "boards": sprague::board::boards(&position),
            "rules": rules_json(&position),
        }),
        s,
    )
}
