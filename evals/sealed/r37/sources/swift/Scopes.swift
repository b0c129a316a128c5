//
// Scopes.swift
//
// GitHub Repo and Documentation: https://github.com/hmlongco/Factory
//
// Copyright © 2022-2025 Michael Long. All rights reserved.
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in
// all copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NON-INFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
// THE SOFTWARE.
//

import CoreFoundation
import Foundation

// MARK: - Scope

/// Scopes are used to define the lifetime of resolved dependencies. Factory provides several scope types,
/// including `Singleton`, `Cached`, `Graph`, and `Shared`.
///
/// When a scope is associated with a Factory the first time the dependency is resolved a reference to that object
/// is cached. The next time that Factory is resolved a reference to the originally cached object will be returned.
///
/// That behavior can vary according to the scope type (e.g. Shared or Graph)
/// ```swift
/// extension Container {
///     var service: Factory<ServiceType> {
///         self { MyService() }
///             .singleton
///     }
/// }
/// ```
/// Scopes work hand in hand with Containers to managed object lifecycles. If the container ever goes our of scope, so
/// will all of its cached references.
///
/// If no scope is associated with a given Factory then the scope is considered to be unique and a new instance
/// of the dependency will be created each and every time that factory is resolved.
///
/// Class is @unchecked Sendable as all public state is managed via global locking mechanisms
public class Scope: @unchecked Sendable {

    fileprivate init() {}

    /// Internal function returns cached value if it exists. Otherwise it creates a new instance and caches that value for later reference.
    internal func resolve<T>(using cache: Cache, key: FactoryKey, ttl: TimeInterval?, factory: () -> T) -> (T, Bool) {
        if let box = cache.value(forKey: key), let cached: T = unboxed(box: box) {
            if let ttl = ttl {
                let now = CFAbsoluteTimeGetCurrent()
                if (box.timestamp + ttl) > now {
                    cache.set(timestamp: now, forKey: key)
                    return (cached, false)
                }
            } else {
                return (cached, false)
            }
        }

        let keyLock = lock.withLock {
            locks[key, default: CrossPlatformLock()]
        }

        let result: (instance: T, cached: Bool) = keyLock.withLock {
            if let box = cache.value(forKey: key), let cached: T = unboxed(box: box) {
                if let ttl = ttl {
                    let now = CFAbsoluteTimeGetCurrent()
                    if (box.timestamp + ttl) > now {
                        cache.set(timestamp: now, forKey: key)
                        return (cached, false)
                    }
                } else {
                    return (cached, false)
                }
            }
            let instance = factory()
            if let box = box(instance) {
                cache.set(value: box, forKey: key)
            }
            return (instance, true)
        }

        return (result.instance, result.cached)
    }

    /// Internal function returns unboxed value if it exists
    fileprivate func unboxed<T>(box: AnyBox?) -> T? {
        (box as? StrongBox<T>)?.boxed
    }

    /// Internal function correctly boxes value depending upon scope type
    fileprivate func box<T>(_ instance: T) -> AnyBox? {
        if let optional = instance as? OptionalProtocol {
            if optional.hasWrappedValue {
                return StrongBox<T>(scopeID: scopeID, timestamp: CFAbsoluteTimeGetCurrent(), boxed: instance)
            }
            return nil
        }
        return StrongBox<T>(scopeID: scopeID, timestamp: CFAbsoluteTimeGetCurrent(), boxed: instance)
    }

    internal let scopeID: UUID = UUID()
    internal let lock: NSLocking = CrossPlatformLock()
    internal var locks: [FactoryKey: CrossPlatformLock] = [:]

}

// MARK: - Scopes

extension Scope {

    /// A reference to the default cached scope manager.
    public static let cached = Cached()
    /// Defines a cached scope. The same instance will be returned by the factory until the cache is reset.
    public final class Cached: Scope, @unchecked Sendable {
        public override init() {
            super.init()
        }
    }

    /// A reference to the default graph scope manager.
    public static let graph = Graph()
    /// Defines the graph scope. A single instance of a given type will be returned during a given resolution cycle.
    ///
    /// This scope is managed and cleared by the main resolution function at the end of each resolution cycle.
    public final class Graph: Scope, @unchecked Sendable  {
        internal override init() {
            super.init()
        }
        internal override func resolve<T>(using cache: Cache, key: FactoryKey, ttl: TimeInterval?, factory: () -> T) -> (T, Bool) {
            // ignore container's cache in favor of our own
            return super.resolve(using: self.cache, key: key, ttl: ttl, factory: factory)
        }
        // call to enter a new resolution level
        internal func enter() {
            lock.withLock {
                depth += 1
            }
        }
        // call to leave the current resolution level
        internal func leave() {
            lock.withLock {
                depth -= 1
                if depth == 0 {
                    cache.reset()
                }
            }
        }
        // reset graph scope
        internal func reset() {
            lock.withLock {
                cache.reset()
                depth = 0
            }
        }
        // depth of current resolution level
        public private(set) var depth: Int = 0
        /// Private shared cache
        internal var cache = Cache()
    }

    /// A reference to the default shared scope manager.
    public static let shared = Shared()
    /// Defines a shared (weak) scope. The same instance will be returned by the factory as long as someone maintains a strong reference.
    public final class Shared: Scope, @unchecked Sendable  {
        public override init() {
            super.init()
        }
        fileprivate override func unboxed<T>(box: AnyBox?) -> T? {
            if let box = box as? WeakBox, let instance = box.boxed as? T {
                if let optional = instance as? OptionalProtocol {
                    if optional.hasWrappedValue {
                        return instance
                    }
                } else {
                    return instance
                }
            }
            return nil
        }
        /// Override function correctly boxes weak cache value
        fileprivate override func box<T>(_ instance: T) -> AnyBox? {
            if let optional = instance as? OptionalProtocol {
                if let unwrapped = optional.wrappedValue, type(of: unwrapped) is AnyObject.Type {
                    return WeakBox(scopeID: scopeID, timestamp: CFAbsoluteTimeGetCurrent(), boxed: unwrapped as AnyObject)
                }
            } else if type(of: instance as Any) is AnyObject.Type {
                return WeakBox(scopeID: scopeID, timestamp: CFAbsoluteTimeGetCurrent(), boxed: instance as AnyObject)
            }
            return nil
        }
    }

    /// A reference to the default singleton scope manager.
    #if swift(>=5.5)
    @TaskLocal public static var singleton = Singleton()
    #else
    public static let singleton = Singleton()
    #endif
    /// Defines the singleton scope. The same instance will always be returned by the factory.
    public final class Singleton: Scope, InternalScopeCaching, @unchecked Sendable  {
        public override init() {
            self.cache = Cache()
            super.init()
        }
        internal init(from: Singleton) {
            self.cache = from.cache.clone()
            super.init()
        }
        internal override func resolve<T>(using cache: Cache, key: FactoryKey, ttl: TimeInterval?, factory: () -> T) -> (T, Bool) {
            // ignore container's cache in favor of our own
            return super.resolve(using: self.cache, key: key, ttl: ttl, factory: factory)
        }
        /// Private shared cache
        internal var cache: Cache
        /// Reset
        public func reset() {
            cache.reset()
        }
        /// For testing
        public func clone() -> Singleton {
            .init(from: self)
        }
    }

    /// A reference to the default unique scope.
    ///
    /// If no scope cache is specified then Factory is running in unique mode.
    public static let unique = Unique()
    
    /// Defines the unique scope. A new instance of a given type will be returned on every resolution cycle.
    public final class Unique: Scope, @unchecked Sendable  {
        public override init() {
            super.init()
        }
        internal override func resolve<T>(using cache: Cache, key: FactoryKey, ttl: TimeInterval?, factory: () -> T) -> (T, Bool) {
            (factory(), true)
        }
    }

}

// MARK: - Caching

extension Scope {
    /// Internal class that manages scope caching for containers and scopes.
    internal final class Cache {
        typealias CacheMap = [FactoryKey:AnyBox]
        // locals
        let lock = ReadWriteLock()
        var cache: CacheMap
        /// internal support functions
        @inlinable @inline(__always) func value(forKey key: FactoryKey) -> AnyBox? {
            lock.withReadLock { cache[key] }
        }
        @inlinable @inline(__always) func set(value: AnyBox, forKey key: FactoryKey)  {
            lock.withWriteLock { cache[key] = value }
        }
        @inlinable @inline(__always) func set(timestamp: Double, forKey key: FactoryKey)  {
            lock.withWriteLock { cache[key]?.timestamp = timestamp }
        }
        @inlinable @inline(__always) func removeValue(forKey key: FactoryKey) {
            lock.withWriteLock { cache = cache.filter { $0.key.normalized() != key } }
        }
        internal func reset(scopeID: UUID) {
            lock.withWriteLock { cache = cache.filter { $1.scopeID != scopeID } }
        }
        /// Internal function to clear cache if needed
        internal func reset() {
            lock.withWriteLock {
                if !cache.isEmpty {
                    cache.removeAll(keepingCapacity: true)
                }
            }
        }
        // lifecycle
        internal init(minimumCapacity: Int = 1024) {
            self.cache = .init(minimumCapacity: minimumCapacity)
        }
        internal init(copy: CacheMap) {
            self.cache = copy
        }
        internal func clone() -> Cache {
            lock.withReadLock { .init(copy: cache) }
        }
        internal func assign(map: CacheMap) {
            lock.withWriteLock { self.cache = map }
        }
        #if DEBUG
        internal var isEmpty: Bool {
            lock.withReadLock { cache.isEmpty }
        }
        #endif
    }
}

// MARK: - Scope Protocols

internal protocol InternalScopeCaching {
    var cache: Scope.Cache { get }
}

/// Internal box protocol for scope functionality
internal protocol AnyBox {
    var scopeID: UUID { get }
    var timestamp: Double { get set }
}

/// Strong box for strong references to a type
internal struct StrongBox<T>: AnyBox {
    let scopeID: UUID
    var timestamp: Double
    let boxed: T
}

/// Weak box for shared scope
internal struct WeakBox: AnyBox {
    let scopeID: UUID
    var timestamp: Double
    weak var boxed: AnyObject?
}

/// Internal protocol used to evaluate optional types for caching
internal protocol OptionalProtocol {
    var hasWrappedValue: Bool { get }
    var wrappedValue: Any? { get }
}

extension Optional: OptionalProtocol {
    @inlinable internal var hasWrappedValue: Bool {
        wrappedValue != nil
    }
    @inlinable internal var wrappedValue: Any? {
        if case .some(let value) = self {
            return value
        }
        return nil
    }
}
