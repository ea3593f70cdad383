"""The Python keywords against the engine's option table (crownhead.ENGINE_OPTIONS, made
from crownhead::engine::options): Engine's parameters, the .pyi stub's signature and
defaults, the defaults an Engine starts with, and the refusals in the engine's words."""

import ast
import inspect
from pathlib import Path

import pytest

import crownhead

STUB = Path(__file__).parent.parent / "crownhead" / "_crownhead.pyi"
INTS = [option for option in crownhead.ENGINE_OPTIONS if option["type"] == "int"]


def stub_signature(class_name, method):
    """The parameters (but self) of ``class_name.method`` in the stub, with the default
    of each as a Python value."""
    tree = ast.parse(STUB.read_text())
    cls = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == class_name)
    function = next(node for node in cls.body if isinstance(node, ast.FunctionDef) and node.name == method)
    names = [arg.arg for arg in function.args.args[1:]]
    defaults = [ast.literal_eval(default) for default in function.args.defaults]
    return dict(zip(names[len(names) - len(defaults) :], defaults))


def test_the_table_names_each_option_once_as_hub_does():
    names = [option["name"] for option in crownhead.ENGINE_OPTIONS]
    assert len(names) == len(set(names)) and "threads" in names and "book" in names
    for option in crownhead.ENGINE_OPTIONS:
        assert option["keyword"] == option["name"].replace("-", "_")
        assert option["type"] in ("int", "bool", "path") and option["help"]
        if option["type"] == "int":
            assert option["min"] <= option["default"] <= option["max"]


def test_engine_takes_the_tables_keywords():
    runtime = list(inspect.signature(crownhead.Engine).parameters)
    keywords = [option["keyword"] for option in crownhead.ENGINE_OPTIONS]
    assert runtime[0] == "variant"
    assert sorted(runtime[1:]) == sorted(keywords)


def test_the_stub_gives_the_tables_keywords_and_defaults():
    stub = stub_signature("Engine", "__init__")
    assert stub.pop("variant") is None
    assert stub == {option["keyword"]: option["default"] for option in crownhead.ENGINE_OPTIONS}
    assert stub_signature("Engine", "analyse")["multipv"] == 1


def test_an_engine_starts_at_the_tables_defaults():
    engine = crownhead.Engine(tt_size=1)
    defaults = {option["keyword"]: option["default"] for option in crownhead.ENGINE_OPTIONS}
    for keyword in ("threads", "strength", "move_overhead"):
        assert getattr(engine, keyword) == defaults[keyword], keyword


@pytest.mark.parametrize("option", INTS, ids=[option["name"] for option in INTS])
def test_out_of_range_values_are_refused_in_the_engines_words(option):
    for value in (option["min"] - 1, option["max"] + 1):
        expected = f"{option['name']} must be a whole number from {option['min']} to {option['max']}, not '{value}'"
        with pytest.raises(ValueError) as refused:
            crownhead.Engine(**{option["keyword"]: value})
        assert str(refused.value) == expected
