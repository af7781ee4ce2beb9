"""Every hook is documented, and every implementation names its arguments as the
spec does (renaming a hook argument would break every plugin)."""

import inspect

import pluggy
import pytest

from plugins import hookspecs
from plugins.manager import BUILTIN_PLUGINS, load_registry

SPECS = {
    name: fn
    for name, fn in vars(hookspecs).items()
    if callable(fn) and hasattr(fn, f"{hookspecs.PROJECT}_spec")
}


def test_there_are_hooks_for_games_and_searchers():
    assert {"cadenza_register_games", "cadenza_register_searchers"} <= set(SPECS)


@pytest.mark.parametrize("name", sorted(SPECS))
def test_every_hookspec_is_documented_with_its_arguments(name):
    spec = SPECS[name]
    doc = inspect.getdoc(spec)
    assert doc and len(doc) > 40, f"{name} has no real docstring"
    for argument in inspect.signature(spec).parameters:
        assert f"`{argument}" in doc or argument in doc, f"{name} does not explain {argument!r}"


@pytest.mark.parametrize("module_name", BUILTIN_PLUGINS)
def test_builtin_hookimpls_use_the_spec_argument_names(module_name):
    module = __import__(module_name, fromlist=["_"])
    impls = {
        name: fn
        for name, fn in vars(module).items()
        if callable(fn) and hasattr(fn, f"{hookspecs.PROJECT}_impl")
    }
    assert impls, f"{module_name} implements no hook"
    for name, fn in impls.items():
        assert name in SPECS, f"{module_name}.{name} is not a Cadenza hook"
        spec_args = list(inspect.signature(SPECS[name]).parameters)
        impl_args = list(inspect.signature(fn).parameters)
        assert set(impl_args) <= set(spec_args), (
            f"{module_name}.{name}{impl_args} vs spec {spec_args}"
        )


def test_pluggy_validates_the_builtins_against_the_specs():
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    for module_name in BUILTIN_PLUGINS:
        pm.register(__import__(module_name, fromlist=["_"]), name=module_name)
    pm.check_pending()  # raises for an implementation of a hook that does not exist


def test_builtins_load_without_errors():
    registry = load_registry(include_entry_points=False)
    assert registry.errors == []
    assert registry.games and registry.searchers
