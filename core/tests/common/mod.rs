//! Shared test support: the oracles and a fixed-seed input generator.
#![allow(dead_code)]

#[path = "oracle.rs"]
pub mod oracle;

#[path = "multipart_oracle.rs"]
pub mod multipart_oracle;

/// A small, fixed-seed PRNG (SplitMix64): the same inputs on every run.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// Bytes biased toward what matters to a urlencoded scanner: separators,
/// `%` with and without hex digits after it, `+`, `;`, high bytes, NUL.
pub fn urlencoded_bytes(rng: &mut Rng, max_len: usize) -> Vec<u8> {
    const PIECES: &[&[u8]] = &[
        b"&",
        b"=",
        b"%",
        b"+",
        b";",
        b"a",
        b"b",
        b"A",
        b"f",
        b"F",
        b"0",
        b"9",
        b"z",
        b"%2",
        b"%2B",
        b"%26",
        b"%3D",
        b"%25",
        b"%C3%A9",
        b"%E2%82%AC",
        b"%FF",
        b"%c3",
        b"\xff",
        b"\xc3\xa9",
        b"\xef\xbb\xbf",
        b"\0",
        b" ",
        b"%00",
        b"%zz",
        b"%4",
    ];
    let len = rng.below(max_len + 1);
    let mut out = Vec::with_capacity(len * 2);
    while out.len() < len {
        if rng.below(8) == 0 {
            out.push(rng.next_u64() as u8);
        } else {
            let piece: &[u8] = rng.pick(PIECES);
            out.extend_from_slice(piece);
        }
    }
    out
}

/// Text biased toward what matters to a cookie scanner: `;`, `=`, quotes,
/// every ASCII whitespace, control bytes, non-ASCII (Unicode spaces too).
pub fn cookie_text(rng: &mut Rng, max_len: usize) -> String {
    const PIECES: &[&str] = &[
        ";", "; ", "=", "\"", " ", "\t", "\n", "\r", "\x0b", "\x0c", "a", "b", "n", "v", "0",
        "__Host-", "session", "é", "€", "\u{a0}", "\u{3000}", "\0", "\x7f", "%20", "\\", ",",
    ];
    let len = rng.below(max_len + 1);
    let mut out = String::with_capacity(len * 2);
    while out.len() < len {
        let piece: &str = rng.pick(PIECES);
        out.push_str(piece);
    }
    out
}
