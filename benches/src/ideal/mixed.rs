//! Ideal floor: mixed (to be written).
