//! What a drawing of one component is ([`Shape`]): heaps, boards of
//! cells, graphs, coins, pictures, as a ruleset describes its positions
//! for the page. Value types only: the drawing of a whole position, and
//! where each move is clicked, is [`board`](crate::board)'s.

use serde::Serialize;

/// Heaps, rows and grid sides larger than this are written as numbers, not
/// drawn: their moves are typed.
pub const MAX_DRAWN: u64 = 40;

/// The most moves a component whose shape is not drawn ([`Shape::Text`])
/// lists as buttons, and the most options a component's moves are listed
/// within (a position with more is played by typing).
pub const MAX_LISTED: usize = 400;

/// How one component is drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Shape {
    /// Heaps (or steps) of tokens; a move takes the tokens from a place to
    /// the end of one heap ([`Target::Token`](crate::board::Target::Token)). `unit` is what a heap is
    /// called: `"heap"`, or `"step"` for a staircase (step 1 the lowest).
    Heaps {
        /// The heap sizes, in order.
        heaps: Vec<u64>,
        /// What one heap is called.
        unit: &'static str,
    },
    /// Rows of pins (take-and-break games that split a row, such as
    /// Kayles): a move knocks down a run of adjacent pins, or splits a row
    /// between two pins ([`Target::Run`](crate::board::Target::Run)).
    PinRows {
        /// The lengths of the rows, in order.
        rows: Vec<u64>,
    },
    /// A grid with a queen at `queen` = (a, b) (Wythoff's game): a move
    /// takes the queen to a cell left, down or diagonally down-left
    /// ([`Target::Cell`](crate::board::Target::Cell)).
    Grid {
        /// The pair of the position.
        queen: [u64; 2],
    },
    /// Green Hackenbush pictures: vertex 0 of each picture is the ground;
    /// a move cuts one edge ([`Target::Edge`](crate::board::Target::Edge)).
    Hackenbush {
        /// The pictures, in order.
        pictures: Vec<PictureShape>,
    },
    /// A directed graph with tokens on its nodes: a move slides a token
    /// along an edge ([`Target::Slide`](crate::board::Target::Slide)).
    Graph {
        /// The nodes' names, numbered from 0.
        nodes: Vec<String>,
        /// The edges `[from, to]` by node number.
        edges: Vec<[u64; 2]>,
        /// The node each token stands on, in order.
        tokens: Vec<u64>,
    },
    /// Undirected graphs (Node Kayles, Arc Kayles, Geography), each laid
    /// out ([`NetworkShape`]): a move takes a vertex ([`Target::Vertex`](crate::board::Target::Vertex):
    /// Node Kayles takes it with its neighbours, Geography moves the
    /// token there) or an edge ([`Target::Link`](crate::board::Target::Link), Arc Kayles).
    Network {
        /// The graphs, in order.
        parts: Vec<NetworkShape>,
    },
    /// Boards of cells (Cram, Chomp): a move places `piece`
    /// ([`Target::Domino`](crate::board::Target::Domino)(crate::board::Target::Domino) or [`Target::Square`](crate::board::Target::Square)(crate::board::Target::Square)).
    Cells {
        /// The boards, in order.
        boards: Vec<CellBoard>,
        /// What a move places.
        piece: Piece,
    },
    /// A row of coins (`grid` false: row 0 only) or a grid of coins (a
    /// product of two coin-turning games): coin (r, c) for r in
    /// `first[0]..first[0] + size[0]`, c likewise; a move turns a set of
    /// coins, the last of them from heads to tails ([`Target::Turn`](crate::board::Target::Turn)).
    Coins {
        /// Whether the coins are a grid.
        grid: bool,
        /// The number of the first row and column (0 or 1).
        first: [u64; 2],
        /// The number of rows (1 for a row) and columns drawn.
        size: [u64; 2],
        /// The coins showing heads, `[row, column]`, increasing.
        heads: Vec<[u64; 2]>,
    },
    /// A strip of squares 0, 1, ..., `squares - 1` with coins on some
    /// (Welter's game): a move slides a coin to a lower empty square
    /// ([`Target::Slide`](crate::board::Target::Slide), the coin's number in place of the token's).
    Strip {
        /// The squares drawn.
        squares: u64,
        /// The square of each coin, in the order of the notation.
        coins: Vec<u64>,
    },
    /// One heap and the most the next move may take (Fibonacci Nim): a
    /// move takes tokens from the end ([`Target::Token`](crate::board::Target::Token), heap 0).
    Limited {
        /// The heap.
        heap: u64,
        /// The most the next move may take.
        most: u64,
    },
    /// Rows of `width` squares (from 1), two checkers on each (Northcott's
    /// game): a move slides a checker toward the other of its row
    /// ([`Target::Checker`](crate::board::Target::Checker)).
    Checkers {
        /// The squares of a row.
        width: u64,
        /// The squares of each row's first and second checkers, in order.
        rows: Vec<[u64; 2]>,
    },
    /// Not drawn: the component's notation, its moves listed
    /// ([`Target::List`](crate::board::Target::List)).
    Text,
}

/// One Hackenbush picture as drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PictureShape {
    /// The number of vertices (0 is the ground).
    pub vertices: u32,
    /// The edges `[u, v]` in the order of the notation (loops have u = v).
    pub edges: Vec<[u32; 2]>,
    /// Each edge's name as move text writes it (`3`, or `1-2`).
    pub names: Vec<String>,
}

/// One undirected graph of a [`Shape::Network`] as drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NetworkShape {
    /// The vertices' names, numbered from 0.
    pub names: Vec<String>,
    /// Where each vertex is drawn, in pixels from the top left (a grid
    /// family on its grid, a path along a line, anything else on circles).
    pub at: Vec<[u32; 2]>,
    /// The edges `[u, v]` (u < v) by vertex number.
    pub edges: Vec<[u32; 2]>,
    /// The vertices gone (taken, or visited in Geography), increasing.
    pub gone: Vec<u32>,
    /// The vertex the token stands on (Geography), if any.
    pub token: Option<u32>,
}

/// What a move places on a [`Shape::Cells`] board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Piece {
    /// A domino on two adjacent empty cells (Cram): [`Target::Domino`](crate::board::Target::Domino).
    Domino,
    /// A bite: a square and every square above and to its right goes
    /// (Chomp): [`Target::Square`](crate::board::Target::Square).
    Bite,
}

/// One board of a [`Shape::Cells`] as drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CellBoard {
    /// The rows as drawn, the top row first, one character per cell:
    /// `.` a square in play (an empty cell of Cram, a square of
    /// chocolate), `#` a filled cell of Cram, `-` no square (eaten),
    /// `x` the poisoned square of Chomp.
    pub cells: Vec<String>,
    /// The name of each cell as move text writes it (`R.C`), rows as
    /// drawn.
    pub names: Vec<Vec<String>>,
}

impl CellBoard {
    /// A board of `rows` by `cols` whose cell (r, c), counted as drawn,
    /// is `cell(r, c)` and named `name(r, c)`.
    pub(crate) fn new(
        rows: usize,
        cols: usize,
        cell: impl Fn(usize, usize) -> char,
        name: impl Fn(usize, usize) -> String,
    ) -> CellBoard {
        CellBoard {
            cells: (0..rows)
                .map(|r| (0..cols).map(|c| cell(r, c)).collect())
                .collect(),
            names: (0..rows)
                .map(|r| (0..cols).map(|c| name(r, c)).collect())
                .collect(),
        }
    }
}

/// Whether a board of `rows` by `cols` cells is small enough to draw.
pub(crate) fn drawable(rows: u64, cols: u64) -> bool {
    rows <= MAX_DRAWN && cols <= MAX_DRAWN && rows * cols <= MAX_LISTED as u64
}
