//! The registry of rulesets: one entry per ruleset, its description for
//! people ([`RulesetInfo`]: notation, rule, example, theorem) beside the
//! parser that builds its rules from its word. `sprague rulesets` prints
//! the descriptions; [`Ruleset::parse`](super::Ruleset::parse) finds a
//! word's parser here.

use super::*;

/// Builds a ruleset's rules from its word: `word` as written, `name` the
/// part before `:`, `param` the part after it (if any).
pub(super) type Parse =
    fn(word: &str, name: &str, param: Option<&str>) -> Result<Box<dyn DynRules>, ParseErrorKind>;

/// What the registry says of one ruleset, for people choosing one: how it
/// is written, its rule in a line, an example position and the theorem (or
/// method) that decides it. `sprague rulesets` prints these; every entry of
/// the registry has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesetInfo {
    /// The names that introduce it (the part of a word before `:`, or a
    /// whole word such as `sub:squares`).
    pub names: &'static [&'static str],
    /// How it is written: `sub:S`, `octal:CODE, hex:CODE, kayles, dawson`.
    pub notation: &'static str,
    /// Its rule, in one line.
    pub rule: &'static str,
    /// A position of it, in the notation `analyze` reads.
    pub example: &'static str,
    /// The theorem or method that decides it, with its source.
    pub theorem: &'static str,
}

/// One registered ruleset: what it is for people, and its parser.
type Registration = (RulesetInfo, Parse);

/// Every ruleset, one entry each, its description beside its parser. A new
/// ruleset adds its module above and one entry here. A name is the part of
/// the word before `:`, or the whole word (`sub:squares`), which is tried
/// first.
#[rustfmt::skip]
pub(super) const REGISTRY: &[Registration] = &[
    (RulesetInfo {
        names: &["nim"], notation: "nim",
        rule: "take any positive number of tokens from one heap",
        example: "nim 3 4 5",
        theorem: "Bouton's theorem (1901): a P-position exactly when the nim-sum is 0; misère: the same until every heap is 0 or 1, then an odd number of 1-heaps loses",
    }, nim::parse),
    (RulesetInfo {
        names: &["moore"], notation: "moore:K",
        rule: "take any positive numbers of tokens from 1 to K heaps at once (moore:1 is Nim)",
        example: "moore:2 1 2 3",
        theorem: "Moore's theorem (1910): a P-position exactly when each binary column holds a multiple of K+1 ones; values by search",
    }, moore::parse),
    (RulesetInfo {
        names: &["staircase"], notation: "staircase",
        rule: "coins on steps 1, 2, ...: carry any number of coins from a step to the step below (from step 1 to the ground); staircase:floor numbers the stairs from a floor, stair 1, whose coins never move",
        example: "staircase 2 5 3",
        theorem: "staircase Nim is Nim on the odd-numbered steps (Winning Ways, ch. 15): the nim-sum of steps 1, 3, 5, ... (with a floor, of stairs 2, 4, 6, ...)",
    }, staircase::parse),
    (RulesetInfo {
        names: &["sub"], notation: "sub:S",
        rule: "remove exactly s tokens from one heap, s in the finite set S (sub:1,3,4; sub:1-3 takes at most 3)",
        example: "sub:1,3,4 20",
        theorem: "the Sprague-Grundy theorem on the nim-sequence, which is periodic; its period is proven by a repeated window of max(S) values (Winning Ways, ch. 4)",
    }, subtraction::parse),
    (RulesetInfo {
        names: &["sub:squares", "sub:primes", "sub:pow2", "sub:fib"],
        notation: "sub:squares, sub:primes, sub:pow2, sub:fib",
        rule: "remove a positive square (or a prime, a power of two, a Fibonacci number) of tokens from one heap",
        example: "sub:squares 10",
        theorem: "the Sprague-Grundy theorem on the nim-sequence computed up to the heap; no period is claimed (no theorem bounds the window of an infinite set)",
    }, named::parse),
    (RulesetInfo {
        names: &["octal", "hex", "kayles", "dawson"],
        notation: "octal:CODE, hex:CODE, kayles, dawson",
        rule: "take-and-break games in Winning Ways code: each digit says how a heap may be left after removing that many tokens (kayles is octal:0.77, dawson octal:0.07)",
        example: "kayles 10",
        theorem: "the Sprague-Grundy theorem on the nim-sequence; where its values show a period, the periodicity theorem of Guy and Smith (1956) proves it, else values are computed up to the heap (octal:0.6 has no known period)",
    }, takebreak::parse),
    (RulesetInfo {
        names: &["grundy"], notation: "grundy",
        rule: "split one heap into two unequal heaps",
        example: "grundy 10",
        theorem: "the Sprague-Grundy theorem on the nim-sequence, computed up to the heap (no period known)",
    }, grundy::parse),
    (RulesetInfo {
        names: &["wythoff"], notation: "wythoff",
        rule: "one pair of heaps: take any number from one heap, or the same number from both",
        example: "wythoff 3 5",
        theorem: "Wythoff's theorem (1907): the P-positions are the pairs {floor(k phi), floor(k phi) + k}; values for sums from a table",
    }, wythoff::parse),
    (RulesetInfo {
        names: &["digraph"], notation: "digraph:SOURCE",
        rule: "tokens on the nodes of a directed graph (a file of edges, or a>b,b>c inline; a cycle may give a draw): slide one token along one edge",
        example: "digraph:a>b,b>c,a>c c a",
        theorem: "the Sprague-Grundy function of the graph: each node the mex of the nodes one edge away, from the sinks up",
    }, digraph::parse),
    (RulesetInfo {
        names: &["hackenbush"], notation: "hackenbush",
        rule: "Green Hackenbush: cut one edge of a picture rooted on the ground; whatever no longer reaches the ground falls",
        example: "hackenbush 0-1,1-2,2-0,1-3",
        theorem: "the colon principle (branches at a vertex are worth their nim-sum; an edge carrying branches worth g is worth g + 1) and the fusion principle (a cycle's vertices fuse, its edges become loops) (Winning Ways, ch. 7)",
    }, hackenbush::parse),
    (RulesetInfo {
        names: &["nodekayles"], notation: "nodekayles",
        rule: "a graph (path:N, cycle:N, complete:N, grid:RxC, petersen, or edges a-b,b-c): choose a vertex; it and its neighbours are removed",
        example: "nodekayles grid:2x3",
        theorem: "the Sprague-Grundy theorem: the nim-sum of the connected parts; a path is Dawson's chess (octal:0.137), other parts by search under a canonical labelling",
    }, nodekayles::parse),
    (RulesetInfo {
        names: &["arckayles"], notation: "arckayles",
        rule: "a graph, written as for nodekayles: choose an edge; its two ends and every edge at them are removed",
        example: "arckayles cycle:6",
        theorem: "the Sprague-Grundy theorem: the nim-sum of the connected parts; a path is Dawson's Kayles (octal:0.07), other parts by search under a canonical labelling",
    }, arckayles::parse),
    (RulesetInfo {
        names: &["cram"], notation: "cram",
        rule: "a board (rows such as ..#/... with # filled, or a size RxC): place a domino on two empty adjacent cells, either way",
        example: "cram 3x3",
        theorem: "Cram is Arc Kayles on the graph of empty cells: the nim-sum of the board's regions; a strip is Dawson's Kayles (octal:0.07), other regions by search (mirror images share a table entry)",
    }, cram::parse),
    (RulesetInfo {
        names: &["chomp"], notation: "chomp",
        rule: "a Young diagram (row lengths from the bottom, such as 5,3,2, or a size RxC): take a square and every square above and to the right of it; the poisoned square 1.1 is never taken",
        example: "chomp 3x4",
        theorem: "the Sprague-Grundy theorem by search over row lengths (strategy stealing shows a rectangle larger than 1x1 is an N-position, without naming the move)",
    }, chomp::parse),
    (RulesetInfo {
        names: &["turtles", "twins", "mock", "mockturtles", "ruler", "rulerette", "coins"],
        notation: "turtles, twins, mock, ruler, rulerette, coins:SPEC",
        rule: "a row of coins (THHTH, or the numbers of the heads): turn over coins the rule allows, the rightmost from heads to tails (turtles: 1 or 2; twins: exactly 2; mock: 1 to 3; ruler: a run; rulerette: a run of 2 or more; coins:1-3,c,w4 a rule of your own)",
        example: "mock THHTH",
        theorem: "the coin-by-coin nim-sum (Winning Ways, ch. 14): a head on coin n is worth n (turtles, twins), the n-th odious number (mock), the ruler function (ruler), half of it (rulerette), the mex by the definition (coins:SPEC)",
    }, coins::parse),
    (RulesetInfo {
        names: &["corners", "product"],
        notation: "corners, product:A*B",
        rule: "a grid of coins (rows THT HHT, or heads r,c): turn every coin at a legal set of rows of game A and of columns of game B, the one at the largest row and column from heads to tails (corners: the four corners of a rectangle, twins*twins)",
        example: "corners 1000000000,999999999 3,5",
        theorem: "Lenstra's Tartan theorem (Winning Ways, ch. 14; ONAG, ch. 6): a head on (r, c) is worth the nim-product of its coins' values",
    }, coins::product::parse),
    (RulesetInfo {
        names: &["fibnim"], notation: "fibnim",
        rule: "Fibonacci Nim: one heap N and M, the most the next move may take (start: N N-1); taking k leaves N-k with at most 2k to take",
        example: "fibnim 100 99",
        theorem: "Whinihan's theorem (1963): a P-position exactly when M is below the smallest term of N's Zeckendorf representation; values for sums by search",
    }, fibnim::parse),
    (RulesetInfo {
        names: &["euclid"], notation: "euclid",
        rule: "Euclid's game: one pair of heaps; subtract a positive multiple of the smaller heap from the larger",
        example: "euclid 7 3",
        theorem: "Cole & Davie (1969): a P-position exactly when the larger heap is above the smaller and below φ times it; values along the quotients of Euclid's algorithm (Nivasch 2006)",
    }, euclid::parse),
    (RulesetInfo {
        names: &["welter"], notation: "welter",
        rule: "Welter's game: coins on distinct squares 0, 1, 2, ...; move one coin to an empty lower square",
        example: "welter 3 7 12",
        theorem: "Welter's function (Conway, ONAG ch. 13): the nim-sum of the squares and of 2^(v(a-b)+1) - 1 over each pair",
    }, welter::parse),
    (RulesetInfo {
        names: &["divisor"], notation: "divisor",
        rule: "replace one heap of n by a proper divisor of n",
        example: "divisor 12 30",
        theorem: "a heap of n is worth Ω(n), its number of prime factors with multiplicity (Miller-Rabin and Pollard's rho factorise any u64)",
    }, divisor::parse),
    (RulesetInfo {
        names: &["divide"], notation: "divide:D",
        rule: "replace one heap of n by n/d rounded down, d in the finite set D (each at least 2)",
        example: "divide:2,3 1000",
        theorem: "the Sprague-Grundy theorem by a memoised search over the heaps reachable by division (few), within the state limit",
    }, division::parse),
    (RulesetInfo {
        names: &["fraction"], notation: "fraction:K",
        rule: "take 1 to n/K tokens (rounded down) from one heap of n",
        example: "fraction:2 100",
        theorem: "Levine (2006): G(n) = n/K when K divides n, else G(n - floor(n/K) - 1)",
    }, fraction::parse),
    (RulesetInfo {
        names: &["rule"], notation: "rule:OPTIONS",
        rule: "a one-heap game written as the options of a heap of n: heaps joined by &, ranges A..B, split(E), split3(E), unequal(E), each with conditions after : (rule:n-1,n-2,n-4,n/2&n/2:even)",
        example: "rule:n-1,n-2,n-4,n/2&n/2:even 10",
        theorem: "the Sprague-Grundy theorem on the nim-sequence computed bottom-up; its period proven by a Guy-Smith-style argument where the options are n minus bounded amounts, their splits, constants and equal pairs under periodic conditions",
    }, rule::parse),
    (RulesetInfo {
        names: &["tuple"], notation: "tuple:OPTIONS",
        rule: "a game of several heaps written as the tuples a move leaves, expressions of the heaps a, b, c, ... and of bound variables (each 0 to the largest heap), with conditions after :; perm: plays each option on every order of the heaps; subset(E) changes each heap x of a non-empty set to E",
        example: "tuple:perm:(a-k,b,c),(a-k,b-k,c),(a-k,b-k,c-k) 1 2 3",
        theorem: "the Sprague-Grundy theorem by a memoised search over the tuples reached (sorted when order does not matter); tuple:subset(x-1) (CSES 2208) by its parity theorem: a P-position exactly when every heap is even",
    }, tuple::parse),
    (RulesetInfo {
        names: &["geography"], notation: "geography",
        rule: "undirected vertex Geography: a graph (written as for nodekayles), the visited vertices after ~ and the token after @ (grid:3x3~1@2): move the token to a neighbour not yet visited",
        example: "geography grid:3x3@1",
        theorem: "the theorem of Fraenkel, Scheinerman and Ullman (1993): the player to move wins exactly when the token's vertex is in every maximum matching of the vertices not yet visited; values for sums by search",
    }, geography::parse),
    (RulesetInfo {
        names: &["stones"], notation: "stones",
        rule: "Geography with stones (AtCoder AGC010 F's Tree Game): a graph, the stones on each vertex after = (in the order of the vertices, or name:count pairs) and the piece after @ (path:3=2,1,3@1): remove a stone from the piece's vertex and move the piece to a neighbour; no stone under the piece loses",
        example: "stones path:3=2,1,3@1",
        theorem: "on a tree, the theorem of AGC010 F: the player to move wins exactly when the piece's vertex has a neighbour with fewer stones that is a P-position once the piece's vertex is removed; a graph with a cycle, and values for sums, by search",
    }, stones::parse),
    (RulesetInfo {
        names: &["northcott"], notation: "northcott:W",
        rule: "Northcott's game: rows of W squares, each with two checkers written A,B (their squares from 1); slide either checker of a row toward the other (impartial: retreats left out)",
        example: "northcott:8 1,5 7,2",
        theorem: "Nim on the gaps (Winning Ways, ch. 2): a row is worth the number of empty squares between its checkers",
    }, northcott::parse),
    (RulesetInfo {
        names: &["treblecross"], notation: "treblecross",
        rule: "Treblecross: strips of squares written ..X.. (X a cross, squares from 1; or a length N, or N:A,B with the crosses' squares): put an X on an empty square; the first three X in a row wins",
        example: "treblecross ..X.....",
        theorem: "two X at most two apart: the player to move completes three in a row; otherwise octal 0.007 on the safe squares (Winning Ways, ch. 4): a run of s squares with no X within two is the heap s + 2, an empty strip of n the heap n + 2",
    }, treblecross::parse),
    (RulesetInfo {
        names: &["cards"], notation: "cards:L-R, cards:K",
        rule: "rows of cards numbered from 1 (10, or 10:4-6,9 with those cards taken): take L to R consecutive cards still in one row (AtCoder ABC278 G)",
        example: "cards:2-3 10:4-6",
        theorem: "a run of s cards is the heap s of the octal game whose digits L to R are 7; a row is the nim-sum of its runs (its values computed, their period proven by Guy and Smith 1956 where they show one)",
    }, cards::parse),
    (RulesetInfo {
        names: &["pieces"], notation: "pieces",
        rule: "a row of pieces on squares numbered from 1, written left to right (pieces 3 7 8 12): slide one piece left, never onto or past the piece to its left nor past square 1",
        example: "pieces 3 7 8 12",
        theorem: "staircase Nim on the gaps read from the right: the nim-sum of the empty squares before the last piece, the third from last, ...",
    }, pieces::parse),
];

/// What the registry says of every ruleset, in registration order.
///
/// ```
/// let all: Vec<_> = sprague::ruleset::registered().collect();
/// assert_eq!(all[0].notation, "nim");
/// assert!(all.iter().all(|r| r.example.parse::<sprague::Position>().is_ok()));
/// ```
pub fn registered() -> impl Iterator<Item = &'static RulesetInfo> {
    REGISTRY.iter().map(|(info, _)| info)
}

/// What the registry says of the ruleset written `word` (as a component's
/// ruleset prints it: `kayles`, `sub:1,3,4`, `octal:0.137`): the entry
/// naming the whole word, else the one naming the part before `:`.
/// `None` for a word no entry names.
///
/// ```
/// use sprague::ruleset::info_of;
/// assert_eq!(info_of("cram").unwrap().example, "cram 3x3");
/// assert_eq!(info_of("sub:1,3,4").unwrap().notation, "sub:S");
/// assert_eq!(info_of("sub:squares").unwrap().example, "sub:squares 10");
/// assert!(info_of("kayles").unwrap().rule.contains("take-and-break"));
/// assert!(info_of("chess").is_none());
/// ```
pub fn info_of(word: &str) -> Option<&'static RulesetInfo> {
    let name = word.split(':').next().unwrap_or(word);
    registered()
        .find(|info| info.names.contains(&word))
        .or_else(|| registered().find(|info| info.names.contains(&name)))
}

/// How every known ruleset is written, in registration order:
/// `nim, moore:K, staircase, sub:S, ...`.
pub fn known_rulesets() -> String {
    REGISTRY
        .iter()
        .map(|(info, _)| info.notation)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A word that names no registered ruleset: the error, with the nearest
/// name when one is close and the list of known names.
pub(crate) fn unknown_ruleset(name: &str) -> ParseErrorKind {
    static KNOWN: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    ParseErrorKind::UnknownRuleset {
        did_you_mean: nearest_name(name),
        known: KNOWN.get_or_init(known_rulesets),
    }
}

/// The registered name nearest to `name`, when it is close: the same
/// letters in another case, or at most one letter in four different
/// (Levenshtein distance, ignoring case).
///
/// ```
/// use sprague::ruleset::nearest_name;
/// assert_eq!(nearest_name("Nim"), Some("nim"));
/// assert_eq!(nearest_name("kayle"), Some("kayles"));
/// assert_eq!(nearest_name("wythof"), Some("wythoff"));
/// assert_eq!(nearest_name("chess"), None);
/// ```
pub fn nearest_name(name: &str) -> Option<&'static str> {
    crate::error::nearest(
        name,
        REGISTRY
            .iter()
            .flat_map(|(info, _)| info.names.iter().copied()),
    )
}
