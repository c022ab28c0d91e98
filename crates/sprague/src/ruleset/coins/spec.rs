//! The notation of a coin rule: `coins:SPEC` (`1-3,c,w4,from0`) read and
//! written, and a row game's word (`turtles`, `coins:SPEC`) read into its
//! rule.

use super::rule::{CoinRule, Named, UserRule};

/// Reads a user rule's specification `1-3,c,w4,from0`.
pub fn parse_spec(spec: &str) -> Result<UserRule, String> {
    let mut items = spec.split(',');
    let count = items.next().unwrap_or("");
    let how = "a coin rule is coins:N, coins:A-B, coins:A-any or coins:any (how many coins a \
               move turns), \
               then options c (consecutive), wD (within distance D of the rightmost), from0 \
               (coins numbered from 0): coins:1-3,c,w4";
    let num = |t: &str| -> Result<u64, String> {
        t.parse::<u64>()
            .map_err(|_| format!("`{t}` in coins:{spec} is not a number: {how}"))
    };
    let (min, max) = if count == "any" {
        (1, None)
    } else if let Some(a) = count.strip_suffix("-any") {
        (num(a)?, None)
    } else if let Some((a, b)) = count.split_once('-') {
        (num(a)?, Some(num(b)?))
    } else {
        let n = num(count)?;
        (n, Some(n))
    };
    if min == 0 || max.is_some_and(|m| m < min) {
        return Err(format!(
            "coins:{spec}: a move turns at least 1 coin, and the most is at least the fewest"
        ));
    }
    let mut rule = UserRule {
        min,
        max,
        within: None,
        contiguous: false,
        origin: 1,
    };
    for item in items {
        match item {
            "c" | "consecutive" | "contiguous" => rule.contiguous = true,
            "from0" => rule.origin = 0,
            "from1" => rule.origin = 1,
            _ => match item.strip_prefix('w') {
                Some(d) => rule.within = Some(num(d)?),
                None => return Err(format!("`{item}` in coins:{spec} is no option: {how}")),
            },
        }
    }
    if let Some(d) = rule.within {
        if min > d.saturating_add(1) {
            return Err(format!(
                "coins:{spec}: {min} coins never fit within distance {d} of the rightmost"
            ));
        }
    }
    Ok(rule)
}

/// The canonical notation of a user rule.
pub fn spec_text(u: &UserRule) -> String {
    let mut s = match u.max {
        None if u.min == 1 => "coins:any".to_string(),
        None => format!("coins:{}-any", u.min),
        Some(m) if m == u.min => format!("coins:{m}"),
        Some(m) => format!("coins:{}-{m}", u.min),
    };
    if u.contiguous {
        s.push_str(",c");
    }
    if let Some(d) = u.within {
        s.push_str(&format!(",w{d}"));
    }
    if u.origin == 0 {
        s.push_str(",from0");
    }
    s
}

/// Reads the rule of a coin game word: `turtles`, `twins`, `mock`,
/// `ruler`, `rulerette`, or `coins:SPEC`.
pub fn rule_of(word: &str) -> Result<(CoinRule, String), String> {
    let named = |n: Named, w: &str| Ok((CoinRule::named(n), w.to_string()));
    match word {
        "turtles" => named(Named::Turtles, "turtles"),
        "twins" => named(Named::Twins, "twins"),
        "mock" | "mockturtles" => named(Named::MockTurtles, "mock"),
        "ruler" => named(Named::Ruler, "ruler"),
        "rulerette" => named(Named::Rulerette, "rulerette"),
        _ => match word.strip_prefix("coins:") {
            Some(spec) => {
                let u = parse_spec(spec)?;
                let text = spec_text(&u);
                Ok((CoinRule::user(u), text))
            }
            None => Err(format!(
                "`{word}` is no coin game: turtles, twins, mock, ruler, rulerette or coins:SPEC"
            )),
        },
    }
}
