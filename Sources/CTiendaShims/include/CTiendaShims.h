#pragma once

/// Frees memory that OpenSSL allocated (the `OPENSSL_free` macro, which Swift cannot import).
void tienda_openssl_free(void *pointer);
