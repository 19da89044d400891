//! SGF syntax (FF[4]): a lenient reader that keeps going past what it cannot read and
//! says what it ignored, line by line, and the escaping of values for writing.
//!
//! Hand-written rather than taken from the `sgf-parse` crate: that crate reads a file
//! without `GM[11]` (Little Golem's) as a Go game, re-encoding its points, and its
//! lenient mode drops everything after the first fault without saying where — but a
//! reader of real Hex files must say what it ignored.  The grammar is small:
//! `Collection = GameTree+`, `GameTree = "(" Node+ GameTree* ")"`,
//! `Node = ";" Property*`, `Property = Ident ("[" Value "]")+`.

/// One property: its identifier, its values (unescaped), and the line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prop {
    pub id: String,
    pub values: Vec<String>,
    pub line: usize,
}

/// One node: its properties in the order written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    pub props: Vec<Prop>,
}

impl Node {
    /// The first value of property `id`, if the node has it.
    pub fn get(&self, id: &str) -> Option<&Prop> {
        self.props.iter().find(|p| p.id == id)
    }
}

/// A game tree: a sequence of nodes, then its variations.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tree {
    pub nodes: Vec<Node>,
    pub variations: Vec<Tree>,
}

impl Tree {
    /// The main line: this tree's nodes, then those of its first variation, and so on;
    /// with the number of other variations left aside.
    pub fn main_line(&self) -> (Vec<&Node>, usize) {
        let mut nodes: Vec<&Node> = self.nodes.iter().collect();
        let mut skipped = 0;
        let mut at = self;
        while let Some(first) = at.variations.first() {
            skipped += at.variations.len() - 1;
            nodes.extend(first.nodes.iter());
            at = first;
        }
        (nodes, skipped)
    }
}

/// A file that holds no game tree at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not an SGF record: no game tree `(;…)` found")]
pub struct NoGameTree;

/// The first game tree of an SGF text, and notes on what was ignored to read it.
pub fn parse(text: &str) -> Result<(Tree, Vec<String>), NoGameTree> {
    let mut reader = Reader {
        chars: text.chars().collect(),
        at: 0,
        line: 1,
        notes: Vec::new(),
    };
    let skipped = reader.skip_to('(');
    if reader.peek().is_none() {
        return Err(NoGameTree);
    }
    if skipped {
        reader.note_at(1, "ignored text before the game tree".into());
    }
    let tree = reader.tree();
    reader.skip_space();
    if reader.peek().is_some() {
        let line = reader.line;
        reader.note_at(line, "ignored what follows the first game tree".into());
    }
    if tree.nodes.is_empty() {
        return Err(NoGameTree);
    }
    Ok((tree, reader.notes))
}

struct Reader {
    chars: Vec<char>,
    at: usize,
    line: usize,
    notes: Vec<String>,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn note_at(&mut self, line: usize, what: String) {
        self.notes.push(format!("line {line}: {what}"));
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// Skips to the next `c`; whether anything but white space was skipped.
    fn skip_to(&mut self, c: char) -> bool {
        let mut skipped = false;
        while let Some(x) = self.peek() {
            if x == c {
                break;
            }
            skipped |= !x.is_whitespace();
            self.bump();
        }
        skipped
    }

    /// A game tree, at its `(`; reads to its `)` or the end of the text.
    fn tree(&mut self) -> Tree {
        let open_line = self.line;
        self.bump();
        let mut tree = Tree::default();
        loop {
            self.skip_space();
            match self.peek() {
                None => {
                    self.note_at(open_line, "the game tree is never closed with `)`".into());
                    return tree;
                }
                Some(')') => {
                    self.bump();
                    return tree;
                }
                Some('(') => {
                    if tree.nodes.is_empty() {
                        let line = self.line;
                        self.note_at(line, "a variation before any node".into());
                    }
                    let v = self.tree();
                    if !v.nodes.is_empty() {
                        tree.variations.push(v);
                    }
                }
                Some(';') => {
                    self.bump();
                    if !tree.variations.is_empty() {
                        let line = self.line;
                        self.note_at(line, "ignored a node after the variations".into());
                        self.node();
                    } else {
                        let node = self.node();
                        tree.nodes.push(node);
                    }
                }
                Some(c) => {
                    let line = self.line;
                    if c.is_ascii_alphabetic() {
                        let p = self.property();
                        self.note_at(line, format!("ignored {} outside any node", p.id));
                    } else {
                        self.bump();
                        self.note_at(line, format!("ignored `{c}`"));
                    }
                }
            }
        }
    }

    /// The properties of a node, after its `;`.
    fn node(&mut self) -> Node {
        let mut node = Node::default();
        loop {
            self.skip_space();
            match self.peek() {
                Some(c) if c.is_ascii_alphabetic() => {
                    let p = self.property();
                    if !p.values.is_empty() {
                        node.props.push(p);
                    }
                }
                Some('(' | ')' | ';') | None => return node,
                Some(c) => {
                    let line = self.line;
                    self.bump();
                    self.note_at(line, format!("ignored `{c}`"));
                }
            }
        }
    }

    /// A property: its identifier (the capitals of it: FF[3] files mix cases) and values.
    fn property(&mut self) -> Prop {
        let line = self.line;
        let mut id = String::new();
        while let Some(c) = self.peek().filter(char::is_ascii_alphabetic) {
            if c.is_ascii_uppercase() {
                id.push(c);
            }
            self.bump();
        }
        let mut values = Vec::new();
        loop {
            self.skip_space();
            if self.peek() != Some('[') {
                break;
            }
            match self.value() {
                Some(v) => values.push(v),
                None => {
                    self.note_at(line, format!("the value of {id} is never closed with `]`"));
                    break;
                }
            }
        }
        if values.is_empty() && self.peek().is_some() {
            self.note_at(line, format!("ignored {id}: it has no value"));
        }
        Prop { id, values, line }
    }

    /// A value at its `[`, unescaped; `None` when the text ends inside it.
    fn value(&mut self) -> Option<String> {
        self.bump();
        let mut out = String::new();
        loop {
            match self.bump()? {
                ']' => return Some(out),
                '\\' => match self.bump()? {
                    // a soft line break
                    '\n' => {}
                    c => out.push(c),
                },
                '\r' => {}
                c => out.push(c),
            }
        }
    }
}

/// A value escaped for writing: `\` and `]` get a backslash.
pub fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        if matches!(c, '\\' | ']') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(tree: &Tree) -> Vec<String> {
        tree.main_line()
            .0
            .iter()
            .flat_map(|n| n.props.iter())
            .filter(|p| p.id == "B" || p.id == "W")
            .map(|p| format!("{}[{}]", p.id, p.values[0]))
            .collect()
    }

    #[test]
    fn reads_a_well_formed_tree_with_variations() {
        let (tree, notes) =
            parse("(;FF[4]GM[11]SZ[3]C[a \\] b]\n;B[a1](;W[b2];B[c3])(;W[c1]))").unwrap();
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(tree.nodes[0].get("C").unwrap().values, vec!["a ] b"]);
        assert_eq!(moves(&tree), vec!["B[a1]", "W[b2]", "B[c3]"]);
        assert_eq!(tree.main_line().1, 1);
    }

    #[test]
    fn keeps_going_and_says_what_it_ignored() {
        let text = "junk (;FF[4]SZ[3] ;B[a1] ] ;W[b2];B[c3";
        let (tree, notes) = parse(text).unwrap();
        assert_eq!(moves(&tree), vec!["B[a1]", "W[b2]"]);
        assert_eq!(
            notes,
            vec![
                "line 1: ignored text before the game tree",
                "line 1: ignored `]`",
                "line 1: the value of B is never closed with `]`",
                "line 1: the game tree is never closed with `)`",
            ]
        );
    }

    #[test]
    fn mixed_case_identifiers_keep_their_capitals() {
        let (tree, _) = parse("(;CoPyright[x]SZ[3])").unwrap();
        assert_eq!(tree.nodes[0].props[0].id, "CP");
    }

    #[test]
    fn no_tree_is_an_error() {
        assert_eq!(parse("hello"), Err(NoGameTree));
        assert_eq!(parse("()"), Err(NoGameTree));
        assert_eq!(escape("a]b\\"), "a\\]b\\\\");
    }
}
