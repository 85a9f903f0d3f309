#pragma once
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <stdarg.h>
#include <microhttpd.h>
