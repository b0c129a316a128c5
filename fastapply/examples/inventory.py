"""A small inventory module (example input for `fastapply demo`)."""
from dataclasses import dataclass, field


@dataclass
class Item:
    name: str
    price: float
    quantity: int = 0


@dataclass
class Inventory:
    items: dict[str, Item] = field(default_factory=dict)

    def add(self, item: Item) -> None:
        if item.name in self.items:
            self.items[item.name].quantity += item.quantity
        else:
            self.items[item.name] = item

    def remove(self, name: str, quantity: int = 1) -> None:
        item = self.items[name]
        item.quantity -= quantity
        if item.quantity <= 0:
            del self.items[name]

    def total_value(self) -> float:
        return sum(item.price * item.quantity for item in self.items.values())

    def names(self) -> list[str]:
        return sorted(self.items)
