import pytest

from fastapply.models import loader
from fastapply.models.loader import ADAPTER_DIR, ModelSpec


def test_the_default_model_gets_the_shipped_adapter():
    assert (ADAPTER_DIR / "adapter_config.json").is_file() and (ADAPTER_DIR / "adapter_model.safetensors").is_file()
    spec = ModelSpec("default", "cpu", "float32").resolved()
    assert loader._adapter_for(spec, is_default=True) == ADAPTER_DIR
    assert loader._adapter_for(ModelSpec("default", "cpu", "float32", "none").resolved(), is_default=True) is None
    assert loader._adapter_for(spec, is_default=False) is None  # another model: no adapter unless named


def test_a_named_adapter_folder_must_hold_an_adapter(tmp_path):
    with pytest.raises(ValueError, match="no adapter_config.json"):
        loader._adapter_for(ModelSpec("default", "cpu", "float32", str(tmp_path)).resolved(), is_default=True)
