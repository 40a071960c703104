//! Ideal floor: json (to be written).
