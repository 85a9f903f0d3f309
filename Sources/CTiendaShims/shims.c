#include "CTiendaShims.h"
#include <openssl/crypto.h>

void tienda_openssl_free(void *pointer) {
    OPENSSL_free(pointer);
}
