"""The project's own tools: the card pool sample, and the documentation site's hooks and rulings gallery."""
