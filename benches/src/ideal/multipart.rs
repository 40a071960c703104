//! Ideal floor: multipart (to be written).
