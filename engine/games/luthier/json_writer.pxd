# to_json's text written straight from the struct (json_writer.pyx).
from engine.games.luthier.layout cimport luthier_t


cdef str struct_json(luthier_t* s, str variant)
