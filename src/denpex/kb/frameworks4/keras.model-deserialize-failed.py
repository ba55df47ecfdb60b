"""Computed diagnosis for keras.model-deserialize-failed: which Keras wrote the file, which one reads it, and the load that works."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# constructor arguments Keras 2 wrote into configs that Keras 3 layers no longer accept
_KERAS2_ARGS = {"time_major", "batch_input_shape", "input_length", "input_dim", "input_dtype", "implementation", "dynamic", "ragged"}
# arguments only Keras 3 writes, unknown to Keras 2 loaders
_KERAS3_ARGS = {"batch_shape", "optional"}
# built-in Keras 2 classes with no Keras 3 counterpart
_KERAS2_CLASSES = {"TFOpLambda", "SlicingOpLambda", "TensorFlowOpLayer", "Functional", "Sequential"}

_LEGACY = ("Load it with Keras 2: pip install tf_keras (matching your TensorFlow minor) and set TF_USE_LEGACY_KERAS=1 "
           "before tensorflow is imported (or import tf_keras and call tf_keras.models.load_model).")
_UPGRADE = ("Load it with Keras 3: pip install -U 'tensorflow>=2.16' 'keras>=3' in this environment "
            "(or re-export the model from the Keras 3 side as weights and rebuild it in Keras 2 code).")
_RESAVE = "After it loads, save it once in the current format (model.save('model.keras')) or keep the build code plus model.weights.h5."


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    cls = facts.get("class_name")
    module = str(facts.get("module") or "")
    kwarg = facts.get("kwarg")
    path = facts.get("filepath")
    text: list[str] = []
    fix: list[str] = []
    what = "the file and this Keras do not match"

    if sig == "parent-module" or module:
        if module.startswith(("keras.src.engine", "keras.engine", "tensorflow.python.keras")):
            what = f"{cls or 'a class'} comes from Keras 2 ({module}); this is Keras 3"
            text.append(f"The file was saved by Keras 2 (TensorFlow <= 2.15): it names {module}, which Keras 3 no longer has.")
            fix += [_LEGACY, _RESAVE]
        elif module.startswith(("keras.src.models", "keras.src.layers", "keras.src.ops", "keras.src.backend", "keras.layers", "keras.models", "keras.src.")):
            what = f"{cls or 'a class'} comes from Keras 3 ({module}); this Keras is older"
            text.append(f"The file was saved by Keras 3 (TensorFlow >= 2.16): it names {module}, which this older Keras 2 cannot import.")
            fix += [_UPGRADE, _RESAVE]
        else:
            what = f"module {module} of {cls or 'a class'} cannot be imported"
            text.append(f"The model config points at {module} for {cls}; that package is not importable here.")
            fix.append(f"Install / put on sys.path the package that provides {module}, or pass custom_objects={{'{cls}': {cls}}} to load_model.")
    elif sig == "locate-class":
        if cls in _KERAS2_CLASSES:
            what = f"{cls} is a Keras 2 class"
            text.append(f"'{cls}' is a class Keras 2 wrote into the file (tf.* ops wrapped as layers, or the Keras 2 model classes); Keras 3 cannot rebuild it.")
            fix += [_LEGACY, _RESAVE]
        else:
            what = f"custom class {cls} is not registered"
            text.append(f"The config contains the class '{cls}', which is neither a Keras class nor registered in this process.")
            fix += [f"Import the module that defines {cls} and decorate the class with @keras.saving.register_keras_serializable(package='...'), "
                    "then load again - the package/name must match the registered_name stored in the file.",
                    f"Or pass it explicitly: load_model(path, custom_objects={{'{cls}': {cls}}}).",
                    "If the class comes from a library (keras_nlp/keras_hub, a repo's layers module), import that library before load_model and use the version that saved the file."]
    elif sig == "objects-not-loaded":
        n = facts.get("failed_objects")
        what = f"weights of {n} object(s) do not fit the rebuilt model" + (f" (first: {cls})" if cls else "")
        text.append(f"The architecture was rebuilt but {n} object(s) could not take their stored weights - their variables now have "
                    "another shape or count than when saved.")
        fix += ["The layer code (custom layers, their build()/get_config()) or the library version changed between save and load: "
                "load with the same code/library version that saved the file.",
                "Check the custom layer's get_config() returns every constructor argument that affects variable shapes (units, grid size, ...).",
                "If only the classifier head changed, rebuild the model in code and load_weights(..., skip_mismatch=True) for .h5 weights."]
    elif sig == "file-format":
        p = str(path or "")
        lower = p.lower().rstrip("/\\")
        if not p:
            what = "empty file path"
            text.append("load_model got an empty path: the model file was not found or the path variable is empty.")
            fix.append("Print the path you pass to load_model and check the file exists.")
        elif lower.startswith("ram://"):
            what = "a pickled Keras model (ram://)"
            text.append("The path ram://... comes from unpickling a Keras model (pickle/joblib of a KerasClassifier or a model saved with pickle under Keras 2).")
            fix += [_LEGACY, "Better: save models with model.save('model.keras') instead of pickle/joblib."]
        elif lower.endswith((".pkl", ".pickle", ".joblib")):
            what = f"{p} is a pickle, not a Keras file"
            text.append(f"{p} is a pickle file; Keras load_model reads only .keras and .h5 files.")
            fix.append("Open it with pickle/joblib in the environment (TensorFlow/Keras version) that wrote it, or get the .keras/.h5 export of the model.")
        elif lower.endswith((".pb", ".tf", ".model", ".savedmodel")) or "." not in lower.replace("\\", "/").rsplit("/", 1)[-1]:
            what = f"{p} is a TF SavedModel (or has no .keras/.h5 extension)"
            text.append(f"{p} is a TensorFlow SavedModel folder (or a file without .keras/.h5 extension); Keras 3 load_model does not read SavedModel.")
            fix += [f"Inference only: layer = keras.layers.TFSMLayer('{p}', call_endpoint='serving_default') and call it on inputs.",
                    "To keep training it: " + _LEGACY,
                    "If it is really an .h5 or .keras file saved without extension, rename it with the right extension."]
        else:
            what = f"{p} is not a .keras or .h5 file"
            text.append(f"Keras 3 load_model reads only V3 .keras zips and legacy .h5 files; {p} is neither by its name.")
            fix += ["Pass the .keras/.h5 file (for load_weights: a .weights.h5 file).", _LEGACY]
    elif kwarg:
        if kwarg in _KERAS3_ARGS or sig == "keras2-unrecognized-kwargs" and kwarg not in _KERAS2_ARGS:
            what = f"'{kwarg}' of {cls or 'a layer'} was written by Keras 3; this is Keras 2"
            text.append(f"'{kwarg}' is an argument Keras 3 stores ({cls or 'InputLayer'}); this Keras 2 / tf_keras loader does not know it, "
                        "so the file was saved by a newer Keras than the one loading it.")
            fix += [_UPGRADE, _RESAVE]
        elif sig == "keras2-kwarg-not-understood":
            what = f"a layer argument '{kwarg}' in the saved config is unknown to this Keras"
            text.append(f"The stored config of a layer has '{kwarg}', an argument the constructor of this Keras 1.x/2.x release "
                        "does not accept: the file was saved by another Keras release (older or newer) than the one loading it.")
            fix += ["Load it with the Keras/TensorFlow release that saved it (pip install keras==<that version>, or the version the "
                    "project pins), or rebuild the model in code and load only the weights (model.load_weights).", _RESAVE]
        elif sig == "keras2-unrecognized-kwargs":
            what = f"'{kwarg}' of {cls or 'a layer'} was written by a much older Keras (1.x)"
            text.append(f"'{kwarg}' is an argument Keras 1 stored ({cls or 'InputLayer'}); this Keras 2 loader no longer accepts it.")
            fix += ["Load the file with the Keras/TensorFlow version the project pins (its requirements.txt), or rebuild the model in code and load only the weights.", _RESAVE]
        else:
            what = f"{cls or 'a layer'} argument '{kwarg}' is from an older Keras"
            text.append(f"The stored config of {cls or 'a layer'} has '{kwarg}', an argument the loading Keras removed "
                        "(Keras 3 dropped time_major and batch_input_shape on layers): the file was saved by an older Keras.")
            fix += [_LEGACY,
                    f"Or subclass {cls or 'the layer'} with an __init__ that pops '{kwarg}' and pass it as custom_objects={{'{cls or 'Layer'}': Patched}}.",
                    _RESAVE]
    if not text:
        return Explanation(text="", derived={"what": what})
    return Explanation(text=" ".join(text), fix=tuple(fix), derived={"what": what})
