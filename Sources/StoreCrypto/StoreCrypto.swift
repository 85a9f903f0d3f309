import StoreModel
