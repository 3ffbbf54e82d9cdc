"""Slices: many slices of a small suite manufacture discoveries; corrections take them back."""

import streamlit as st

st.title("Slices")
