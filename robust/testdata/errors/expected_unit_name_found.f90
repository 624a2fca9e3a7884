module 2d
end module
