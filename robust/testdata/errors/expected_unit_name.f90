module
end module
