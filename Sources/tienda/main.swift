print("tienda")
