//! A field's path, as errors name it: [`Segment`]s kept as they are pushed
//! ([`FieldPath`]) and rendered (`items[2].qty`) only when displayed.

use core::fmt;

use crate::borrow::Ref;

/// One step of a field's path, as code names it while binding: a struct
/// member's key (the derive's, `'static`), a list index, or a map key as the
/// client sent it (borrowed from the request while binding; a
/// [`FieldPath`] keeps its own copy).
///
/// ```
/// use binder_core::bind::{FieldPath, Segment};
///
/// let p = FieldPath::key("filter")
///     .with(Segment::MapKey("team"))
///     .with(Segment::Index(0))
///     .with(Segment::Key("id"));
/// assert_eq!(p.to_string(), "filter[team][0].id");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Segment<'r> {
    /// A struct field's key: `qty`, rendered `.qty` after the first segment.
    Key(&'static str),
    /// A list index: rendered `[2]`.
    Index(usize),
    /// A map key: rendered `[team]`.
    MapKey(&'r str),
    /// A member the client named that no field has (refused by a type that
    /// denies unknown fields): rendered as a key, `.extra` after the first
    /// segment.
    Member(&'r str),
}

/// A map key as a path keeps it: its first [`MAX_RENDERED_KEY`] bytes,
/// owned (without an allocator, its first [`FIXED_KEY`] bytes, inline).
#[derive(Clone, PartialEq, Eq)]
struct KeptKey {
    #[cfg(feature = "alloc")]
    text: alloc::boxed::Box<str>,
    #[cfg(not(feature = "alloc"))]
    text: heapless::String<FIXED_KEY>,
    /// Whether the key was longer than what is kept.
    clipped: bool,
    /// A member's name ([`Segment::Member`]), rendered as a key, not a
    /// map key: one step variant for both keeps a step three words.
    member: bool,
}

/// The bytes of a map key a path keeps without an allocator.
#[cfg(not(feature = "alloc"))]
const FIXED_KEY: usize = 16;

impl KeptKey {
    fn new(key: &str) -> Self {
        #[cfg(feature = "alloc")]
        let keep = MAX_RENDERED_KEY;
        #[cfg(not(feature = "alloc"))]
        let keep = FIXED_KEY;
        let mut end = key.len().min(keep);
        while !key.is_char_boundary(end) {
            end -= 1;
        }
        #[cfg(feature = "alloc")]
        let text = key[..end].into();
        #[cfg(not(feature = "alloc"))]
        let text = {
            let mut t = heapless::String::new();
            // Fits: at most FIXED_KEY bytes.
            let _ = t.push_str(&key[..end]);
            t
        };
        KeptKey {
            text,
            clipped: end < key.len(),
            member: false,
        }
    }

    fn as_str(&self) -> &str {
        &self.text
    }
}

/// A step as a path stores it: owning its map key.
#[derive(Clone, PartialEq, Eq)]
enum Step {
    Key(&'static str),
    Index(usize),
    MapKey(KeptKey),
}

impl Step {
    fn new(segment: Segment<'_>) -> Self {
        match segment {
            Segment::Key(k) => Step::Key(k),
            Segment::Index(i) => Step::Index(i),
            Segment::MapKey(k) => Step::MapKey(KeptKey::new(k)),
            Segment::Member(k) => Step::MapKey(KeptKey {
                member: true,
                ..KeptKey::new(k)
            }),
        }
    }

    fn view(&self) -> Segment<'_> {
        match self {
            Step::Key(k) => Segment::Key(k),
            Step::Index(i) => Segment::Index(*i),
            Step::MapKey(k) if k.member => Segment::Member(k.as_str()),
            Step::MapKey(k) => Segment::MapKey(k.as_str()),
        }
    }
}

/// Segments a path holds inline: the first [`HEAD`] and the last [`TAIL`].
/// A deeper path keeps its middle segments in a list under `alloc` (built
/// only when an error is that deep); without an allocator the middle is
/// elided, and rendered as a visible marker with its length.
const HEAD: usize = 2;
const TAIL: usize = 4;

/// A field's path as the client named it: `email`, `tags[1]`, `items[2].qty`.
///
/// A path of any depth renders so that different fields never look the
/// same: every segment is kept (the middle of a path deeper than six
/// segments in a list allocated only then). Without `alloc` a path keeps
/// its first two and last four segments and renders the ones between as
/// `…N more…`.
///
/// ```
/// use binder_core::bind::{FieldPath, Segment};
///
/// let p = FieldPath::key("items").with(Segment::Index(2)).with(Segment::Key("qty"));
/// assert_eq!(p.to_string(), "items[2].qty");
/// let deep = (0..20).fold(FieldPath::key("k"), |p, i| p.with(Segment::Index(i)));
/// assert_eq!(deep.len(), 21);
/// assert!(deep.to_string().ends_with("[18][19]"));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct FieldPath {
    head: [Step; HEAD],
    /// The last segments past the head, as a ring: segment `HEAD + i` is at
    /// `i % TAIL`.
    tail: [Step; TAIL],
    /// Every segment past `HEAD + TAIL` moved out of the tail, in order.
    #[cfg(feature = "alloc")]
    middle: alloc::vec::Vec<Step>,
    len: usize,
}

impl FieldPath {
    /// A path of one key.
    ///
    /// ```
    /// use binder_core::bind::FieldPath;
    ///
    /// let p = FieldPath::key("email");
    /// assert_eq!((p.to_string(), p.len()), ("email".to_owned(), 1));
    /// ```
    #[inline]
    pub const fn key(key: &'static str) -> Self {
        FieldPath {
            head: [Step::Key(key), Step::Index(0)],
            tail: [
                Step::Index(0),
                Step::Index(0),
                Step::Index(0),
                Step::Index(0),
            ],
            #[cfg(feature = "alloc")]
            middle: alloc::vec::Vec::new(),
            len: 1,
        }
    }

    /// A path of one member the client named (copied), as an unknown
    /// member's error names it.
    ///
    /// ```
    /// use binder_core::bind::{FieldPath, Segment};
    ///
    /// let p = FieldPath::member("extra").with(Segment::Key("id"));
    /// assert_eq!(p.to_string(), "extra.id");
    /// assert_eq!(FieldPath::member("").to_string(), r#""""#); // sent empty
    /// ```
    pub fn member(name: &str) -> Self {
        let mut p = FieldPath::key("");
        p.head[0] = Step::new(Segment::Member(name));
        p
    }

    /// This path with one more segment.
    ///
    /// ```
    /// use binder_core::bind::{FieldPath, Segment};
    ///
    /// assert_eq!(FieldPath::key("tags").with(Segment::Index(1)).to_string(), "tags[1]");
    /// ```
    #[inline]
    pub fn with(mut self, segment: Segment<'_>) -> Self {
        self.push(segment);
        self
    }

    /// Adds a segment at the end (a map key is copied).
    ///
    /// ```
    /// use binder_core::bind::{FieldPath, Segment};
    ///
    /// let mut p = FieldPath::key("labels");
    /// let key = String::from("env"); // a map key the client sent
    /// p.push(Segment::MapKey(&key));
    /// drop(key); // the path keeps its own copy
    /// assert_eq!(p.to_string(), "labels[env]");
    /// ```
    pub fn push(&mut self, segment: Segment<'_>) {
        let step = Step::new(segment);
        if self.len < HEAD {
            self.head[self.len] = step;
        } else {
            let at = (self.len - HEAD) % TAIL;
            let old = core::mem::replace(&mut self.tail[at], step);
            if self.len >= HEAD + TAIL {
                // The oldest tail segment moves to the middle (or, without
                // an allocator, is elided).
                #[cfg(feature = "alloc")]
                self.middle.push(old);
                #[cfg(not(feature = "alloc"))]
                drop(old);
            }
        }
        self.len += 1;
    }

    /// How many segments the path has (kept or elided).
    ///
    /// ```
    /// use binder_core::bind::{FieldPath, Segment};
    ///
    /// assert_eq!(FieldPath::key("a").with(Segment::Index(0)).with(Segment::Key("b")).len(), 3);
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the path has no segments (never: a path starts with a key).
    ///
    /// ```
    /// assert!(!binder_core::bind::FieldPath::key("a").is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many middle segments were elided (never, with `alloc`).
    ///
    /// ```
    /// use binder_core::bind::{FieldPath, Segment};
    ///
    /// let deep = (0..10).fold(FieldPath::key("k"), |p, i| p.with(Segment::Index(i)));
    /// assert_eq!(deep.len(), 11);
    /// assert_eq!(deep.elided(), 0); // with `alloc`, every segment is kept
    /// assert_eq!(deep.to_string(), "k[0][1][2][3][4][5][6][7][8][9]");
    /// ```
    #[inline]
    pub fn elided(&self) -> usize {
        let kept = HEAD + TAIL;
        #[cfg(feature = "alloc")]
        let kept = kept + self.middle.len();
        self.len.saturating_sub(kept)
    }

    /// The segments kept, root first; [`FieldPath::elided`] says how many
    /// are missing between the first two and the last four.
    ///
    /// ```
    /// use binder_core::bind::{FieldPath, Segment};
    ///
    /// let p = FieldPath::key("items").with(Segment::Index(2)).with(Segment::Key("qty"));
    /// let segments: Vec<Segment<'_>> = p.segments().collect();
    /// assert_eq!(segments, [Segment::Key("items"), Segment::Index(2), Segment::Key("qty")]);
    /// ```
    pub fn segments(&self) -> impl Iterator<Item = Segment<'_>> + '_ {
        self.steps().map(Step::view)
    }

    fn steps(&self) -> impl Iterator<Item = &Step> + '_ {
        let head = &self.head[..self.len.min(HEAD)];
        #[cfg(feature = "alloc")]
        let middle = self.middle.iter();
        #[cfg(not(feature = "alloc"))]
        let middle = [].iter();
        let in_tail = self.len.saturating_sub(HEAD).min(TAIL);
        // The ring's oldest kept segment.
        let first = if self.len > HEAD + TAIL {
            (self.len - HEAD) % TAIL
        } else {
            0
        };
        let tail = (0..in_tail).map(move |i| &self.tail[(first + i) % TAIL]);
        head.iter().chain(middle).chain(tail)
    }
}

impl fmt::Debug for FieldPath {
    /// As displayed: `FieldPath("items[2].qty")`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FieldPath(\"{self}\")")
    }
}

/// Longest map key rendered in a path; longer ones end with `…`.
#[cfg(feature = "alloc")]
const MAX_RENDERED_KEY: usize = 64;

/// Keys come from the client: control characters are escaped so a key can
/// not forge log lines.
fn write_escaped(f: &mut fmt::Formatter<'_>, key: &str) -> fmt::Result {
    for c in key.chars() {
        if c.is_control() {
            write!(f, "\\u{{{:x}}}", c as u32)?;
        } else {
            fmt::Write::write_char(f, c)?;
        }
    }
    Ok(())
}

impl fmt::Display for FieldPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let elided = self.elided();
        for (i, step) in self.steps().enumerate() {
            if elided > 0 && i == HEAD {
                write!(f, "…{elided} more…")?;
            }
            match step {
                Step::Key(k) => {
                    if i > 0 {
                        f.write_str(".")?;
                    }
                    write_escaped(f, k)?;
                }
                Step::MapKey(k) if k.member => {
                    if i > 0 {
                        f.write_str(".")?;
                    }
                    // A member sent with an empty name (`"": 1`, `=x`)
                    // still shows in the path.
                    if k.as_str().is_empty() {
                        f.write_str("\"\"")?;
                    }
                    write_escaped(f, k.as_str())?;
                    if k.clipped {
                        f.write_str("…")?;
                    }
                }
                Step::Index(n) => write!(f, "[{n}]")?,
                Step::MapKey(k) => {
                    f.write_str("[")?;
                    write_escaped(f, k.as_str())?;
                    if k.clipped {
                        f.write_str("…")?;
                    }
                    f.write_str("]")?;
                }
            }
        }
        Ok(())
    }
}

/// The first step of a form key's path after the field's name, and the
/// rest: `[city]` and `.city` give `city`, `[0][sku]` gives `0` then
/// `[sku]`, `[]` gives the empty step. `None` for anything else (an
/// unclosed bracket), which names no field.
///
/// ```
/// use binder_core::bind::next_segment;
///
/// assert_eq!(next_segment(b"[0][sku]"), Some((&b"0"[..], &b"[sku]"[..])));
/// assert_eq!(next_segment(b".city"), Some((&b"city"[..], &b""[..])));
/// assert_eq!(next_segment(b"[a"), None);
/// ```
#[inline]
pub fn next_segment(path: &[u8]) -> Option<(&[u8], &[u8])> {
    match path.first()? {
        b'[' => {
            let close = path.iter().position(|&b| b == b']')?;
            Some((&path[1..close], &path[close + 1..]))
        }
        b'.' => {
            let rest = &path[1..];
            let end = rest
                .iter()
                .position(|&b| b == b'.' || b == b'[')
                .unwrap_or(rest.len());
            Some((&rest[..end], &rest[end..]))
        }
        _ => None,
    }
}

/// Key bytes, borrowed from the request (`Ref::Borrowed`) or decoded
/// into scratch (`Ref::Copied`): what [`Field::offer_path`] gets.
///
/// ```
/// use binder_core::bind::KeyBytes;
/// use binder_core::convert::Ref;
///
/// let sent: KeyBytes<'_, '_> = Ref::Borrowed(b"[0][sku]");
/// assert_eq!(&*sent, b"[0][sku]");
/// ```
///
/// [`Field::offer_path`]: super::Field::offer_path
pub type KeyBytes<'r, 's> = Ref<'r, 's, [u8]>;

/// [`next_segment`] on key bytes, each part borrowed from where the path
/// is, so that a part taken from the request can be kept for `'r`.
///
/// ```
/// use binder_core::bind::split_path;
/// use binder_core::convert::Ref;
///
/// let (seg, rest) = split_path(Ref::Borrowed(b"[3][sku]")).unwrap();
/// assert!(matches!(seg, Ref::Borrowed(b"3")));
/// assert!(matches!(rest, Ref::Borrowed(b"[sku]")));
/// assert!(split_path(Ref::Copied(b"[3")).is_none());
/// ```
#[inline]
pub fn split_path<'r, 's>(path: KeyBytes<'r, 's>) -> Option<(KeyBytes<'r, 's>, KeyBytes<'r, 's>)> {
    Some(match path {
        Ref::Borrowed(p) => {
            let (seg, rest) = next_segment(p)?;
            (Ref::Borrowed(seg), Ref::Borrowed(rest))
        }
        Ref::Copied(p) => {
            let (seg, rest) = next_segment(p)?;
            (Ref::Copied(seg), Ref::Copied(rest))
        }
    })
}

/// A list index as sent in a key's path (`items[3]`): ASCII digits that
/// fit a `usize`; `None` for anything else (`[]`, `[-1]`, `[+3]`, an
/// index past `usize`).
///
/// ```
/// use binder_core::bind::parse_index;
///
/// assert_eq!(parse_index(b"3"), Some(3));
/// assert_eq!(parse_index(b"007"), Some(7));
/// assert_eq!(parse_index(b""), None);
/// assert_eq!(parse_index(b"+3"), None);
/// assert_eq!(parse_index(b"99999999999999999999999"), None);
/// ```
#[inline]
pub fn parse_index(seg: &[u8]) -> Option<usize> {
    if seg.is_empty() || !seg.iter().all(u8::is_ascii_digit) {
        return None;
    }
    seg.iter().try_fold(0usize, |n, &d| {
        n.checked_mul(10)?.checked_add(usize::from(d - b'0'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::ToString;

    #[test]
    fn paths_render_as_clients_name_them() {
        let p = FieldPath::key("items")
            .with(Segment::Index(2))
            .with(Segment::Key("qty"));
        assert_eq!(p.to_string(), "items[2].qty");
        let m = FieldPath::key("filter").with(Segment::MapKey("team"));
        assert_eq!(m.to_string(), "filter[team]");
        let deep = (0..10).fold(FieldPath::key("k"), |p, i| p.with(Segment::Index(i)));
        #[cfg(feature = "alloc")]
        assert_eq!(deep.to_string(), "k[0][1][2][3][4][5][6][7][8][9]");
        #[cfg(not(feature = "alloc"))]
        assert_eq!(deep.to_string(), "k[0]…5 more…[6][7][8][9]");
        assert_eq!(format!("{deep:?}"), format!("FieldPath(\"{deep}\")"));
    }

    #[test]
    fn paths_of_every_depth_keep_every_segment_in_order() {
        for depth in 0..40usize {
            let mut p = FieldPath::key("root");
            let mut want = alloc::vec![Segment::Key("root")];
            for i in 0..depth {
                let seg = if i % 2 == 0 {
                    Segment::Index(i)
                } else {
                    Segment::Key("m")
                };
                p.push(seg);
                want.push(seg);
            }
            assert_eq!(p.len(), depth + 1);
            let kept: alloc::vec::Vec<_> = p.segments().collect();
            if p.elided() == 0 {
                assert_eq!(kept, want, "depth {depth}");
            } else {
                // Without an allocator: the first two and the last four.
                assert_eq!(kept[..2], want[..2]);
                assert_eq!(kept[2..], want[want.len() - 4..]);
                assert_eq!(p.elided(), want.len() - 6);
            }
        }
    }

    #[test]
    fn long_and_control_keys_are_clipped_and_escaped() {
        let long = "9".repeat(400);
        let p = FieldPath::key("m").with(Segment::MapKey(&long));
        let shown = p.to_string();
        assert!(shown.len() < 80 && shown.ends_with("…]"), "{shown}");
        let p = FieldPath::key("a\nb");
        assert_eq!(p.to_string(), "a\\u{a}b");
    }
}
